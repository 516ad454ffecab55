#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The names directly inside a served folder, so that a request whose path starts under none of
/// them (every page of an app, at any depth) is known to name no file without a system call.
///
/// The listing is trusted for `recheckInterval`; after that, the next request costs one `stat`
/// of the folder, and a new listing only when the folder's modification time changed. So a file
/// added at the top of the folder is served within that interval, one added inside an existing
/// subfolder at once; a name removed is found missing by the file lookup that follows.
final class RootEntries: Sendable {
    private struct Listing {
        /// Each name's UTF-8.
        var names: [[UInt8]] = []
        /// Each name's length and first bytes, in the same order: most paths are told from all
        /// of them this way, and the rest compared with the one or two names of their key, with
        /// neither a copy of their segment nor a hash.
        var keys: [FirstSegment] = []
        /// The folder's modification time when `names` was read; nil when it could not be.
        var modified: timespec?
        var checkedAt: ContinuousClock.Instant
    }

    private let path: String
    private let recheckInterval: Duration
    private let listing: Locked<Listing>

    init(path: String, recheckInterval: Duration = .seconds(1)) {
        self.path = path
        self.recheckInterval = recheckInterval
        let now = ContinuousClock.now
        var first = Listing(checkedAt: now)
        Self.refresh(&first, path: path, now: now)
        listing = Locked(first)
    }

    /// Whether a file may be found under the first segment of `requestPath` (which starts with
    /// `/`): false only when the folder held no such entry at most `recheckInterval` before
    /// `now`.
    func mayContain(firstSegmentOf requestPath: String, now: ContinuousClock.Instant = .now) -> Bool {
        requestPath.withUTF8InPlace { path in
            let key = FirstSegment(ofPath: path)
            return listing.withLock { listing in
                if now - listing.checkedAt >= recheckInterval {
                    Self.refresh(&listing, path: self.path, now: now)
                }
                guard listing.keys.contains(key) else { return false }
                // The key matched, so the path has `count` bytes after its `/`.
                let segment = UnsafeBufferPointer(rebasing: path[1 ..< 1 + key.count])
                return listing.keys.indices.contains { listing.keys[$0] == key && listing.names[$0].elementsEqual(segment) }
            }
        }
    }

    /// Reads the folder's names again when its modification time is not the one they were read at.
    private static func refresh(_ listing: inout Listing, path: String, now: ContinuousClock.Instant) {
        listing.checkedAt = now
        var info = stat()
        guard stat(path, &info) == 0 else {
            listing = Listing(checkedAt: now)
            return
        }
        let modified = info.modified
        if let known = listing.modified, known.tv_sec == modified.tv_sec, known.tv_nsec == modified.tv_nsec {
            return
        }
        guard let names = names(in: path) else {
            listing = Listing(checkedAt: now)
            return
        }
        // Listed after the stat: a change in between shows as a newer time at the next check.
        listing.names = names.map { Array($0.utf8) }
        listing.keys = listing.names.map { FirstSegment(name: $0) }
        listing.modified = modified
    }

    private static func names(in path: String) -> Set<String>? {
        guard let folder = opendir(path) else { return nil }
        defer { closedir(folder) }
        var names: Set<String> = []
        while let entry = readdir(folder) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.insert(name) }
        }
        return names
    }
}
