import MicroHTTP

/// A page's update stream, open as the library's script keeps it (see `TestBrowser.openUpdates()`):
/// the events the server sends, by name, as they arrive.
///
/// ```swift
/// let updates = try await alice.openUpdates()          // on the notes list
/// _ = try await bob.submit(form: "Add", fields: ["title": "Milk"])
/// #expect(try await updates.next() == "refresh")
/// ```
public final class PageUpdates: Sendable {
    /// The stream's status: 200 while open, 204 for a token that opens none (forged, expired,
    /// another account's), 429 or 503 over the server's limits.
    public let status: Int
    private let inbox = Inbox()
    private let stop: @Sendable () -> Void

    init(_ response: StreamingResponse) {
        status = response.status
        stop = response.stop
        // Read as it arrives, until the server ends the stream or `close()` does.
        Task { [inbox] in
            var parser = EventParser()
            for await bytes in response.body {
                let names = parser.events(in: bytes)
                inbox.state.withLock { $0.events += names }
            }
            inbox.state.withLock { $0.ended = true }
        }
    }

    deinit {
        stop()
    }

    /// The next event's name (`refresh`), waiting up to `timeout`; nil when none comes by then or
    /// the stream ends first.
    public func next(within timeout: Duration = .seconds(5)) async throws -> String? {
        let deadline = ContinuousClock.now + timeout
        while true {
            let (event, ended) = inbox.state.withLock { state in
                (state.events.isEmpty ? nil : state.events.removeFirst(), state.ended)
            }
            if let event { return event }
            if ended || ContinuousClock.now >= deadline { return nil }
            try await Task.sleep(for: .milliseconds(5))
        }
    }

    /// Whether the server has ended the stream (its events may still be unread).
    public var hasEnded: Bool { inbox.state.withLock { $0.ended } }

    /// Closes the stream, as a page does when it is hidden or left.
    public func close() {
        stop()
    }
}

private final class Inbox: Sendable {
    let state = Locked<(events: [String], ended: Bool)>(([], false))
}

/// The names of the events in a `text/event-stream` body, fed in pieces.
private struct EventParser {
    private var line: [UInt8] = []
    private var name: String?
    private var hasData = false

    /// The events that `bytes` complete.
    mutating func events(in bytes: [UInt8]) -> [String] {
        var events: [String] = []
        for byte in bytes {
            guard byte == UInt8(ascii: "\n") else {
                if byte != UInt8(ascii: "\r") { line.append(byte) }
                continue
            }
            let text = String(decoding: line, as: UTF8.self)
            line = []
            if text.isEmpty {
                if name != nil || hasData { events.append(name ?? "message") }
                name = nil
                hasData = false
            } else if text.hasPrefix("event:") {
                name = String(text.dropFirst(6).drop { $0 == " " })
            } else if text.hasPrefix("data") {
                hasData = true
            }
        }
        return events
    }
}
