import Foundation
import Synchronization

/// Slows down password guessing, as OWASP's Authentication Cheat Sheet asks: after 5 failed
/// sign-ins for one account name within 15 minutes, that name is refused — the right password
/// too — until the oldest failure leaves the window; likewise after 20 from one client address.
/// Names are counted whether an account has them or not, so an unknown name answers exactly as
/// a known one.
public final class SignInThrottle: Sendable {
    public static let window: TimeInterval = 15 * 60
    public static let failuresPerName = 5
    public static let failuresPerAddress = 20
    /// Names and addresses remembered at most, so that guessing many names cannot fill memory:
    /// beyond it the oldest go first.
    static let capacity = 50_000

    private let now: @Sendable () -> Date
    private let failures = Mutex(Failures())

    private struct Failures {
        var byName: [String: [Date]] = [:]
        var byAddress: [String: [Date]] = [:]
    }

    /// `now` tells the time; tests move it on.
    public init(now: @escaping @Sendable () -> Date = Date.init) {
        self.now = now
    }

    /// Seconds until `name` from `address` may try again, or nil when it may now.
    public func retryAfter(name: String, address: String) -> Int? {
        let now = now()
        return failures.withLock { failures in
            let waits = [
                Self.wait(failures.byName[Self.key(name)], limit: Self.failuresPerName, now: now),
                Self.wait(failures.byAddress[address], limit: Self.failuresPerAddress, now: now),
            ].compactMap { $0 }
            return waits.max()
        }
    }

    /// Counts a failed sign-in of `name` from `address`.
    public func recordFailure(name: String, address: String) {
        let now = now()
        failures.withLock { failures in
            Self.record(now, under: Self.key(name), in: &failures.byName)
            Self.record(now, under: address, in: &failures.byAddress)
        }
    }

    /// Forgets the failures of `name` once it signed in.
    public func recordSuccess(name: String) {
        failures.withLock { _ = $0.byName.removeValue(forKey: Self.key(name)) }
    }

    private static func key(_ name: String) -> String { name.lowercased() }

    private static func wait(_ times: [Date]?, limit: Int, now: Date) -> Int? {
        guard let times else { return nil }
        let recent = times.filter { now.timeIntervalSince($0) < window }
        guard recent.count >= limit, let oldest = recent.first else { return nil }
        return max(1, Int((window - now.timeIntervalSince(oldest)).rounded(.up)))
    }

    private static func record(_ time: Date, under key: String, in map: inout [String: [Date]]) {
        var times = map[key, default: []].filter { time.timeIntervalSince($0) < window }
        times.append(time)
        map[key] = Array(times.suffix(failuresPerAddress))
        if map.count > capacity {
            let stale = map.filter { time.timeIntervalSince($0.value.last ?? .distantPast) >= window }.map(\.key)
            for key in stale { map[key] = nil }
            while map.count > capacity, let oldest = map.min(by: { ($0.value.last ?? .distantPast) < ($1.value.last ?? .distantPast) }) {
                map[oldest.key] = nil
            }
        }
    }
}
