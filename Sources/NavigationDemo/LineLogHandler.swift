#if canImport(Glibc)
import Glibc
#endif
import Logging
import Synchronization

/// Writes each entry to standard error as one line, in swift-log's `StreamLogHandler` format
/// (`2026-11-25T15:16:05+0000 info navigation-demo: [NavigationHTML] message`), through
/// `StandardErrorWriter`: lines go out in batches unless standard error is a terminal.
///
/// The request log writes a line per request. `StreamLogHandler` formats the local time with
/// `localtime_r` and `strftime`, then locks, writes and flushes a stdio stream for each one; here
/// the time's text is made at most once a second, and lines from several threads never
/// interleave (each is appended whole).
struct LineLogHandler: LogHandler {
    var logLevel: Logger.Level = .info
    var metadata: Logger.Metadata = [:]
    let label: String

    init(label: String) {
        self.label = label
    }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        // Appended straight to the batch waiting to be written: a line is written for every
        // request, and one built apart, then copied into the batch, cost a quarter more.
        let message = event.message.description
        let source = event.source
        let time = Self.clock.text()
        StandardErrorWriter.shared.writeLine(urgent: event.level >= .warning) { line in
            Self.append(time, to: &line)
            line.append(UInt8(ascii: " "))
            Self.append(event.level.rawValue, to: &line)
            line.append(UInt8(ascii: " "))
            Self.append(label, to: &line)
            line.append(UInt8(ascii: ":"))
            if let fields = event.metadata, metadata.isEmpty {
                // The usual case: the line's own fields only, nothing to merge.
                Self.append(fields, to: &line)
            } else {
                Self.append(event.metadata.map { metadata.merging($0) { $1 } } ?? metadata, to: &line)
            }
            line.append(UInt8(ascii: " "))
            line.append(UInt8(ascii: "["))
            Self.append(source, to: &line)
            line.append(UInt8(ascii: "]"))
            line.append(UInt8(ascii: " "))
            Self.append(message, to: &line)
            line.append(UInt8(ascii: "\n"))
        }
    }

    /// ` key=value` for each field, in the keys' order.
    private static func append(_ fields: Logger.Metadata, to line: inout [UInt8]) {
        func append(_ key: String, _ value: Logger.MetadataValue) {
            line.append(UInt8(ascii: " "))
            Self.append(key, to: &line)
            line.append(UInt8(ascii: "="))
            if case .string(let string) = value { Self.append(string, to: &line) } else { Self.append(value.description, to: &line) }
        }
        if fields.count == 1, let (key, value) = fields.first {
            append(key, value)
            return
        }
        for (key, value) in fields.sorted(by: { $0.key < $1.key }) { append(key, value) }
    }

    /// `text`'s UTF-8 copied at once where it is: `line += text.utf8` walks it byte by byte, and
    /// `withUTF8` on a copy retains and releases it.
    private static func append(_ text: String, to line: inout [UInt8]) {
        let appended: Void? = text.utf8.withContiguousStorageIfAvailable { line.append(contentsOf: $0) }
        if appended == nil { line += text.utf8 }
    }

    private static let clock = SecondClock()
}

/// The local time as `StreamLogHandler` writes it, made again only when the second changes.
private final class SecondClock: Sendable {
    private let last = Mutex<(second: time_t, text: String)>((-1, ""))

    func text() -> String {
        let now = time(nil)
        if let text = last.withLock({ $0.second == now ? $0.text : nil }) { return text }
        var seconds = now
        var parts = tm()
        localtime_r(&seconds, &parts)
        let text = withUnsafeTemporaryAllocation(of: CChar.self, capacity: 64) { buffer in
            let count = strftime(buffer.baseAddress!, buffer.count, "%Y-%m-%dT%H:%M:%S%z", &parts)
            return String(decoding: UnsafeRawBufferPointer(start: buffer.baseAddress, count: count), as: UTF8.self)
        }
        last.withLock { $0 = (now, text) }
        return text
    }
}
