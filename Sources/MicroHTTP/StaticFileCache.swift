#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Small files' bytes and validators kept in memory while the files are unchanged, as nginx's
/// `open_file_cache` keeps descriptors: serving one costs no system call, where opening it costs
/// about ten (resolving links, open, stat, fcntl, sendfile, close).
///
/// An entry is trusted for `recheckInterval`; after that, the next request for it costs one
/// `stat`, and the file is read again (through `StaticFile`, links resolved and checked) only when
/// its device, inode, size or modification time changed. So a changed file is served within that
/// interval, like a file added at the top of the root (see `RootEntries`).
final class StaticFileCache: Sendable {
    struct Entry: Sendable {
        let bytes: [UInt8]
        let etag: String
        let version: String
        /// The fields of its `200` (`FileResponder.fields`): for a request of another version or
        /// none, and for one of this version (`?v=`, cached for good). Made once, each request
        /// shares them.
        let fields: (current: HTTPHeaders, versioned: HTTPHeaders)
        fileprivate let identity: Identity
        fileprivate var checkedAt: ContinuousClock.Instant
    }

    fileprivate struct Identity: Equatable {
        let device: UInt64
        let inode: UInt64
        let size: Int
        let seconds: Int
        let nanoseconds: Int
    }

    private let recheckInterval: Duration
    private let largestFile: Int
    private let budget: Int
    private let entries = Locked<(files: [String: Entry], bytes: Int)>(([:], 0))

    /// - Parameters:
    ///   - largestFile: Larger files are sent from disk each time (`sendfile`).
    ///   - budget: The bytes all entries may hold; files past it are not kept.
    init(recheckInterval: Duration, largestFile: Int = 256 * 1024, budget: Int = 8 * 1024 * 1024) {
        self.recheckInterval = recheckInterval
        self.largestFile = largestFile
        self.budget = budget
    }

    /// The entry for `relativePath` under `base` (a resolved root), checked at most
    /// `recheckInterval` ago; nil when it is not kept and `load` should be asked.
    func entry(_ relativePath: String, base: String, now: ContinuousClock.Instant) -> Entry? {
        guard let entry = entries.withLock({ $0.files[relativePath] }) else { return nil }
        if now - entry.checkedAt < recheckInterval { return entry }
        var info = stat()
        guard stat(base + "/" + relativePath, &info) == 0, Identity(info) == entry.identity else {
            forget(relativePath)
            return nil
        }
        entries.withLock { $0.files[relativePath]?.checkedAt = now }
        return entry
    }

    /// The file's entry read from `file` (which stays open, for the caller to use or discard),
    /// kept when it is small enough; nil when it is not kept. `fields` makes the entry's fields,
    /// once the file is read.
    func load(
        _ relativePath: String, file: StaticFile, now: ContinuousClock.Instant,
        fields: () -> (current: HTTPHeaders, versioned: HTTPHeaders)
    ) -> Entry? {
        guard file.size <= largestFile, let bytes = Self.read(file.descriptor, size: file.size) else { return nil }
        let fields = fields()
        let identity = Identity(device: file.device, inode: file.inode, size: file.size,
                                seconds: file.modifiedSeconds, nanoseconds: file.modifiedNanoseconds)
        let entry = Entry(bytes: bytes, etag: file.etag, version: file.version, fields: fields, identity: identity, checkedAt: now)
        return entries.withLock { cache -> Entry? in
            let replaced = cache.files[relativePath]?.bytes.count ?? 0
            guard cache.bytes - replaced + bytes.count <= budget else { return nil }
            cache.files[relativePath] = entry
            cache.bytes += bytes.count - replaced
            return entry
        }
    }

    private func forget(_ relativePath: String) {
        entries.withLock { cache in
            if let removed = cache.files.removeValue(forKey: relativePath) { cache.bytes -= removed.bytes.count }
        }
    }

    /// The file's first `size` bytes, or nil when it holds fewer now.
    private static func read(_ descriptor: Int32, size: Int) -> [UInt8]? {
        // An empty file without `unsafeUninitializedCapacity: 0`, which writes the count into the
        // runtime's one shared empty array: a race between workers ThreadSanitizer reports.
        guard size > 0 else { return [] }
        var complete = true
        let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
            while count < size {
                let got = pread(descriptor, buffer.baseAddress! + count, size - count, off_t(count))
                if got < 0, errno == EINTR { continue }
                if got <= 0 { break }
                count += got
            }
            complete = count == size
        }
        return complete ? bytes : nil
    }
}

extension StaticFileCache.Identity {
    fileprivate init(_ info: stat) {
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
        size = Int(info.st_size)
        seconds = Int(info.modified.tv_sec)
        nanoseconds = Int(info.modified.tv_nsec)
    }
}
