#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The figures hardening and load tests print: one line each, `figure: <what> | <value>`, which
/// `scripts/hardening` gathers into its table.
public enum Figure {
    public static func report(_ what: String, _ value: String) {
        print("figure: \(what) | \(value)")
    }
}

/// How long the hardening runs last: short in the normal suite, the full length when
/// `HARDENING=long` (as `scripts/hardening` sets it).
public enum Scale {
    public static let isLong = getenv("HARDENING").map { String(cString: $0) } == "long"

    /// `short` in the normal suite, `long` under `HARDENING=long`.
    public static func pick<T>(short: T, long: T) -> T { isLong ? long : short }
}
