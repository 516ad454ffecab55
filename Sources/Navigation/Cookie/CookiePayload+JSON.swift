/// The payload's JSON, written and read directly: Foundation's coders cost more than everything
/// else a request does with the cookie. The format is the one `JSONEncoder` writes for the
/// `Codable` form (keys sorted), and the reader takes whatever that encoder wrote.
extension CookiePayload {
    /// The payload as JSON: keys sorted, strings escaped as RFC 8259 requires, other characters
    /// as UTF-8.
    var json: [UInt8] {
        var writer = JSONWriter()
        write(into: &writer)
        return writer.bytes
    }

    private func write(into writer: inout JSONWriter) {
        writer.open("{")
        if let a { writer.key("a"); writer.object(a) { $0.string($1) } }
        if let c { writer.key("c"); writer.object(c) { $0.strings($1) } }
        if let f { writer.key("f"); writer.strings(f) }
        if let h { writer.key("h"); writer.strings(h) }
        if let i { writer.key("i"); writer.string(i) }
        if let m { writer.key("m"); writer.string(m) }
        if let n { writer.key("n"); writer.string(n) }
        if let o { writer.key("o"); writer.strings(o) }
        writer.key("s"); writer.object(s) { $0.strings($1) }
        writer.key("t"); writer.string(t)
        if let u { writer.key("u"); writer.string(u) }
        if let v { writer.key("v"); writer.object(v) { $0.string($1) } }
        if let w { writer.key("w"); writer.string(w) }
        if let x { writer.key("x"); writer.string(x) }
        if let y {
            writer.key("y")
            writer.open("[")
            for window in y { window.write(into: &writer) }
            writer.close("]")
        }
        writer.close("}")
    }

    /// The payload in `json`, or nil when it is not a JSON object with a string `t` and an
    /// object `s` whose known keys hold values of their types. Unknown keys are skipped; of
    /// duplicate keys the first counts, as with `JSONDecoder`.
    init?(json: [UInt8]) {
        guard let payload = JSONReader.document(json, { CookiePayload(reading: &$0) }) else { return nil }
        self = payload
    }

    /// `isWindow`: an object of the `y` list, which has no list of its own.
    private init?(reading reader: inout JSONReader, isWindow: Bool = false) {
        var t: String?, s: [String: [String]]?, i: String??, y: [CookiePayload]??
        var a: [String: String]??, c: [String: [String]]??, v: [String: String]??, w: String??
        var f: [String]??, h: [String]??, o: [String]??, m: String??, n: String??, x: String??, u: String??
        var seen: Set<String> = []
        let complete = reader.object { key, reader in
            guard seen.insert(key).inserted else { return reader.skipValue() }
            switch key {
            case "t": t = reader.string(); return t != nil
            case "s": s = reader.dictionary { $0.strings() }; return s != nil
            case "c": c = reader.nullable { $0.dictionary { $0.strings() } }; return c != nil
            case "v": v = reader.nullable { $0.dictionary { $0.string() } }; return v != nil
            // A draft written before drafts were typed (an object of strings) is left out.
            case "w": w = reader.nullable { $0.string() }; return w != nil || reader.skipValue()
            case "a": a = reader.nullable { $0.dictionary { $0.string() } }; return a != nil
            case "f": f = reader.nullable { $0.strings() }; return f != nil
            case "h": h = reader.nullable { $0.strings() }; return h != nil
            case "o": o = reader.nullable { $0.strings() }; return o != nil
            case "m": m = reader.nullable { $0.string() }; return m != nil
            case "n": n = reader.nullable { $0.string() }; return n != nil
            case "x": x = reader.nullable { $0.string() }; return x != nil
            case "u": u = reader.nullable { $0.string() }; return u != nil
            case "i": i = reader.nullable { $0.string() }; return i != nil
            case "y" where !isWindow:
                if reader.null() { y = .some(nil); return true }
                var windows: [CookiePayload] = []
                guard reader.array({ reader in
                    guard let window = CookiePayload(reading: &reader, isWindow: true) else { return false }
                    windows.append(window)
                    return true
                }) else { return false }
                y = windows
                return true
            default: return reader.skipValue()
            }
        }
        guard complete, let t, let s else { return nil }
        self.init(t: t, s: s)
        self.c = c ?? nil
        self.v = v ?? nil
        self.w = w ?? nil
        self.a = a ?? nil
        self.f = f ?? nil
        self.h = h ?? nil
        self.o = o ?? nil
        self.m = m ?? nil
        self.n = n ?? nil
        self.x = x ?? nil
        self.u = u ?? nil
        self.i = i ?? nil
        self.y = y ?? nil
    }
}
