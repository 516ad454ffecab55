import CMicroHTTPD

/// A response's header fields as libmicrohttpd takes them: each name and each value ended by a
/// NUL, one after the other in one buffer, each field checked as the server checks every field
/// (`HTTPHeaders.isSafeField`, `SetCookie.isValid`) before it is copied in.
///
/// Handing `String`s to `MHD_add_response_header` one by one made a C string of each (an
/// allocation for every name short enough to be stored inline), and a `Set-Cookie` value was
/// checked, made into a `String` and then into a C string: up to 4 KB copied three times on
/// every page.
struct HeaderLines {
    private(set) var bytes: [UInt8] = []

    init(capacity: Int) {
        bytes.reserveCapacity(capacity)
    }

    /// Appends the field when it is safe on the wire (`HTTPHeaders.isSafeField`), else nothing.
    mutating func append(name: String, value: String) {
        guard HTTPHeaders.isSafeField(name: name, value: value) else { return }
        append(unchecked: name)
        bytes.append(0)
        append(unchecked: value)
        bytes.append(0)
    }

    /// Appends every safe field of `headers`, in order: as they were kept, when they were
    /// (`HTTPHeaders.checkedLines`), else each checked now.
    mutating func append(_ headers: HTTPHeaders) {
        if let lines = headers.checkedLines {
            bytes.append(contentsOf: lines)
        } else {
            headers.forEachField { name, value in append(name: name, value: value) }
        }
    }

    /// Appends `cookie` as a `Set-Cookie` field when it is `isValid`, else nothing.
    mutating func append(_ cookie: SetCookie) {
        let start = bytes.count
        append(ascii: "Set-Cookie\0")
        guard cookie.write(into: &self) else {
            bytes.removeSubrange(start...)
            return
        }
        bytes.append(0)
    }

    /// Appends a known-good part of a value: no check, no NUL.
    mutating func append(ascii text: StaticString) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// Appends the UTF-8 of a name, value or value part checked already, with no NUL.
    mutating func append(unchecked text: String) {
        text.withUTF8InPlace { bytes.append(contentsOf: $0) }
    }

    /// Appends a value part's decimal digits.
    mutating func append(decimal number: Int) {
        bytes.append(contentsOf: String(number).utf8)
    }

    /// What was appended, as text (NULs included): a value's, when only its parts were.
    var text: String {
        String(decoding: bytes, as: UTF8.self)
    }

    /// Adds every field to `response`, in order. No part holds a NUL (no byte class admits
    /// one), so the NULs appended are where the parts end.
    func add(to response: OpaquePointer) {
        bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { text in
                guard var name = text.baseAddress else { return }
                let end = name + text.count
                while name < end {
                    let value = name + strlen(name) + 1
                    _ = MHD_add_response_header(response, name, value)
                    name = value + strlen(value) + 1
                }
            }
        }
    }
}
