#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// Standard error for the log, written in batches when it is a file, a pipe or the journal, as
/// nginx's `access_log … buffer= flush=` writes: a line waits at most `interval` (a tenth of a
/// second) or until `capacity` bytes are waiting, and a request then costs no `write(2)` of its
/// own, which was a tenth of a static file's cost. A terminal gets each line at once.
///
/// Lines keep their order: every write happens under the lock that appending takes. Warnings and
/// errors go out at once, with what waits before them; `flush()` runs when the process exits, so
/// only a process killed outright (SIGKILL, a crash) can lose the last tenth of a second of lines.
final class StandardErrorWriter: @unchecked Sendable {
    // Unchecked: `pending` and `flusherStarted` are only touched with `condition` locked.

    static let shared = StandardErrorWriter(buffered: isatty(STDERR_FILENO) == 0)

    private let buffered: Bool
    private let interval: useconds_t = 100_000
    private let capacity = 32 * 1024
    private let condition = NSCondition()
    private var pending: [UInt8] = []
    private var flusherStarted = false

    private init(buffered: Bool) {
        self.buffered = buffered
        if buffered {
            pending.reserveCapacity(capacity + 1024)
            atexit { StandardErrorWriter.shared.flush() }
        }
    }

    /// Writes the line `append` adds (ending in a newline), now when `urgent` or unbuffered, else
    /// within the interval. Buffered, `append` adds it to the waiting lines themselves, with the
    /// lock held: it should only append.
    func writeLine(urgent: Bool, _ append: (inout [UInt8]) -> Void) {
        guard buffered else {
            var line: [UInt8] = []
            append(&line)
            return line.withUnsafeBytes(Self.writeAll)
        }
        condition.lock()
        defer { condition.unlock() }
        let wasEmpty = pending.isEmpty
        append(&pending)
        if urgent || pending.count >= capacity {
            writePending()
        } else if wasEmpty {
            startFlusherIfNeeded()
            condition.signal()
        }
    }

    /// Writes what waits.
    func flush() {
        condition.lock()
        writePending()
        condition.unlock()
    }

    /// With `condition` locked.
    private func writePending() {
        guard !pending.isEmpty else { return }
        pending.withUnsafeBytes(Self.writeAll)
        pending.removeAll(keepingCapacity: true)
    }

    /// With `condition` locked. Started by the first buffered line, so a process that logs
    /// nothing has no thread for it.
    private func startFlusherIfNeeded() {
        guard !flusherStarted else { return }
        flusherStarted = true
        let thread = Thread { [self] in
            while true {
                condition.lock()
                while pending.isEmpty { condition.wait() }
                condition.unlock()
                // Lines that come meanwhile join the same write.
                usleep(interval)
                flush()
            }
        }
        thread.name = "log-flush"
        thread.start()
    }

    private static func writeAll(_ bytes: UnsafeRawBufferPointer) {
        var rest = bytes
        while !rest.isEmpty {
            let written = Glibc.write(STDERR_FILENO, rest.baseAddress, rest.count)
            if written < 0 {
                if errno == EINTR { continue }
                return  // Nowhere to report a log that cannot be written.
            }
            rest = UnsafeRawBufferPointer(rebasing: rest[written...])
        }
    }
}
