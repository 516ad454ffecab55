import Foundation
import Synchronization

/// Slows down password guessing, as OWASP's Authentication Cheat Sheet asks: after 5 failed
/// sign-ins for one account name within 15 minutes, that name is refused — the right password
/// too — until the oldest failure leaves the window; likewise after 20 from one client address.
/// Names are counted whether an account has them or not, so an unknown name answers exactly as
/// a known one, and by their canonical form (`Account.key(for:)`), so two spellings of one name
/// share one count.
///
/// An attempt is counted as a failure from the moment it is admitted, before its password is
/// checked, and forgiven when it succeeds: checking and counting are one step, so a burst of
/// sign-ins sent at once gets no more attempts than one sent after another.
public final class SignInThrottle: Sendable {
    public static let window: TimeInterval = 15 * 60
    public static let failuresPerName = 5
    public static let failuresPerAddress = 20
    /// Names and addresses remembered at most, so that guessing many names cannot fill memory:
    /// beyond it the oldest go first.
    static let capacity = 50_000

    /// An admitted sign-in, counted as a failure until ``succeeded(_:)`` says otherwise.
    public struct Attempt: Sendable {
        let name: String
        let address: String
        let time: Date
    }

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

    /// Admits a sign-in of `name` from `address`, counting it as a failure at once; or, when the
    /// name or the address has used its attempts, the seconds until it may try again.
    public func admit(name: String, address: String) -> Result<Attempt, Refusal> {
        let attempt = Attempt(name: Account.key(for: name), address: address, time: now())
        return failures.withLock { failures in
            let waits = [
                Self.wait(failures.byName[attempt.name], limit: Self.failuresPerName, now: attempt.time),
                Self.wait(failures.byAddress[address], limit: Self.failuresPerAddress, now: attempt.time),
            ].compactMap { $0 }
            if let seconds = waits.max() { return .failure(Refusal(retryAfter: seconds)) }
            Self.record(attempt.time, under: attempt.name, in: &failures.byName)
            Self.record(attempt.time, under: address, in: &failures.byAddress)
            return .success(attempt)
        }
    }

    /// The attempt signed in: its name's failures are forgotten, and the address's count loses
    /// this attempt.
    public func succeeded(_ attempt: Attempt) {
        failures.withLock { failures in
            failures.byName[attempt.name] = nil
            Self.forget(attempt.time, under: attempt.address, in: &failures.byAddress)
        }
    }

    /// The attempt failed: it stays counted, or is counted again if a sign-in of the same name
    /// that succeeded meanwhile forgot it.
    public func failed(_ attempt: Attempt) {
        failures.withLock { failures in
            if failures.byName[attempt.name]?.contains(attempt.time) != true {
                Self.record(attempt.time, under: attempt.name, in: &failures.byName)
            }
        }
    }

    /// The attempt's password was never checked (the store failed, or too many sign-ins waited):
    /// it is not counted.
    public func withdraw(_ attempt: Attempt) {
        failures.withLock { failures in
            Self.forget(attempt.time, under: attempt.name, in: &failures.byName)
            Self.forget(attempt.time, under: attempt.address, in: &failures.byAddress)
        }
    }

    /// Why a sign-in was not admitted: too many failures; it may try again in `retryAfter` seconds.
    public struct Refusal: Error, Sendable {
        public let retryAfter: Int
    }

    private static func wait(_ times: [Date]?, limit: Int, now: Date) -> Int? {
        guard let times else { return nil }
        let recent = times.filter { now.timeIntervalSince($0) < window }
        guard recent.count >= limit, let oldest = recent.min() else { return nil }
        return max(1, Int((window - now.timeIntervalSince(oldest)).rounded(.up)))
    }

    /// Takes one attempt at `time` off `key`'s count.
    private static func forget(_ time: Date, under key: String, in map: inout [String: [Date]]) {
        if let index = map[key]?.lastIndex(of: time) { map[key]?.remove(at: index) }
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
