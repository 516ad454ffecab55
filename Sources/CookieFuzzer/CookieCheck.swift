import DemoSchema
import Foundation
@_spi(Fuzzing) import Navigation

/// What the fuzzer asserts about one input, tried three ways: as a whole cookie value (parsing
/// and the signature check), and as the JSON payload of a version-1 and a version-2 cookie whose
/// signature has been checked. Whatever decodes must be a state the server can use: it writes
/// back within the cookie budget, reads back as a prefix of itself (trimming only ever removes
/// the tops of stacks), and has a URL and a JSON form. A broken promise stops the process, which
/// the fuzzer reports as a crash with the input that caused it.
enum CookieCheck {
    static let cookie = StateCookie<DemoNavigation>(keys: KeyRing(secrets: [String(repeating: "fuzzing-", count: 4)])!)

    static func run(_ data: Data) {
        _ = cookie.read(String(decoding: data, as: UTF8.self))
        for version in [1, 2] {
            let stored = cookie.read(version: version, json: data)
            if let stored { check(stored) }
            checkUnread(version: version, json: Array(data), against: stored)
        }
    }

    /// Read with any one stack left unread, the payload is refused or read as in full.
    static func checkUnread(version: Int, json: [UInt8], against full: StoredState<DemoNavigation>?) {
        for tab in DemoTab.allCases {
            var reading = cookie.read(version: version, json: json, leavingUnread: tab)
            require((reading == nil) == (full == nil), "leaving \(tab) unread refuses differently")
            guard let full else { continue }
            var rest = full
            rest.state[tab].path = StackState()
            require(reading?.stored == rest, "leaving \(tab) unread reads the rest differently")
            reading?.readUnreadStack()
            require(reading?.stored == full, "\(tab)'s unread stack reads back differently")
        }
    }

    static func check(_ stored: StoredState<DemoNavigation>) {
        let value = cookie.write(stored)
        // Under the longer name, the one it has over https.
        require("\(cookie.secureName)=\(value)".utf8.count <= cookie.maxSize, "cookie over budget")
        guard let again = cookie.read(value) else { fail("a written cookie does not read back") }
        require(again.nonce == stored.nonce, "nonce changed")
        require(again.notice == stored.notice.map { String($0.prefix(200)) }, "notice changed")
        let (before, after) = (stored.state, again.state)
        require(after.selectedTab == before.selectedTab, "selected tab changed")
        require(after.customization == before.customization, "tab customization changed")
        require(after.features == before.features && after.context == before.context, "flags changed")
        require(after.flow == before.flow, "flow draft changed")
        for tab in DemoTab.allCases {
            let (old, new) = (before[tab].path.elements, after[tab].path.elements)
            require(new.count <= old.count && Array(old.prefix(new.count)) == new, "\(tab) is not a prefix")
        }
        // Written again, what was read is stable: trimming is deterministic.
        require(cookie.read(cookie.write(again)) == again, "trimming is not deterministic")
        _ = before.url
        _ = try? JSONEncoder().encode(before)
    }

    private static func require(_ condition: Bool, _ message: @autoclosure () -> String) {
        if !condition { fail(message()) }
    }

    private static func fail(_ message: String) -> Never {
        fatalError("cookie check: \(message)")
    }
}
