import Logging
import MicroHTTP

/// A logger whose entries a test can read: level, message and metadata of each.
public final class LogCapture: Sendable {
    public struct Entry: Sendable {
        public let level: Logger.Level
        public let message: String
        public let metadata: Logger.Metadata
    }

    private let entries = Locked<[Entry]>([])

    public init() {}

    /// A logger writing here, at every level.
    public var logger: Logger {
        Logger(label: "capture") { _ in Handler(capture: self) }
    }

    public var logged: [Entry] { entries.withLock { $0 } }

    fileprivate func append(_ entry: Entry) { entries.withLock { $0.append(entry) } }

    private struct Handler: LogHandler {
        let capture: LogCapture
        var logLevel: Logger.Level = .trace
        var metadata: Logger.Metadata = [:]

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            let merged = event.metadata.map { metadata.merging($0) { $1 } } ?? metadata
            capture.append(Entry(level: event.level, message: "\(event.message)", metadata: merged))
        }
    }
}
