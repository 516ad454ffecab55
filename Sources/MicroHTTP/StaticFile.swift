#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A regular file opened for reading from inside a root directory.
///
/// The caller owns `descriptor` and must close it or hand it to a response.
struct StaticFile {
    let descriptor: Int32
    let size: Int
    let modifiedSeconds: Int
    let modifiedNanoseconds: Int
    /// Which file it is, for `StaticFileCache` to notice a file replaced by another.
    let device: UInt64
    let inode: UInt64

    /// Opens `relativePath` under `root`, or nil unless, with every symlink
    /// resolved, it is a regular file inside the resolved root.
    init?(root: String, relativePath: String) {
        guard let base = Self.resolve(root) else { return nil }
        self.init(base: base, relativePath: relativePath)
    }

    /// The file at `relativePath` under `base`, a root already resolved by `resolve(_:)`.
    init?(base: String, relativePath: String) {
        let path = base + "/" + relativePath
        // Most requests name no file: one stat answers them, before resolving every component.
        var exists = stat()
        guard stat(path, &exists) == 0, let resolved = Self.resolve(path),
              resolved.hasPrefix(base.hasSuffix("/") ? base : base + "/")
        else { return nil }
        // O_NONBLOCK so that a FIFO planted under the root cannot block a worker in open().
        let descriptor = open(resolved, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        guard descriptor >= 0 else { return nil }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            close(descriptor)
            return nil
        }
        // libmicrohttpd reads the file expecting blocking mode.
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        self.descriptor = descriptor
        size = Int(info.st_size)
        modifiedSeconds = Int(info.modified.tv_sec)
        modifiedNanoseconds = Int(info.modified.tv_nsec)
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
    }

    /// A strong validator that changes whenever the size or modification time does.
    var etag: String {
        "\"" + version + "\""
    }

    /// The file's version: its ETag without quotes, usable in a URL (`/app.css?v=…`).
    var version: String {
        "\(String(size, radix: 16))-\(String(modifiedSeconds, radix: 16))\(String(modifiedNanoseconds, radix: 16))"
    }

    var lastModified: String {
        HTTPDate.string(fromSecondsSince1970: modifiedSeconds)
    }

    /// Closes the descriptor when no response will take it.
    func discard() {
        close(descriptor)
    }

    /// The absolute path with every symbolic link followed, or nil when nothing is there.
    static func resolve(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}

extension stat {
    /// The modification time, as each platform names it.
    var modified: timespec {
        #if canImport(Darwin)
        st_mtimespec
        #else
        st_mtim
        #endif
    }
}
