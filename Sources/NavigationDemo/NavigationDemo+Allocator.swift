#if canImport(CMimalloc)
import CMimalloc
#endif

extension NavigationDemo {
    /// What serves `malloc` in this process, for the log: mimalloc where the demo links it
    /// (Linux), which replaces glibc's allocator for the whole process; the system's elsewhere,
    /// and under ThreadSanitizer, whose allocator stands in for any other.
    static var allocator: String {
        #if canImport(CMimalloc)
        // `mi_version()` is the release as a number: 209 for 2.0.9.
        let version = Int(mi_version())
        return "mimalloc \(version / 100).\(version / 10 % 10).\(version % 10)"
        #else
        return "the system's malloc"
        #endif
    }
}
