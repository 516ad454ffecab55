/// How a request says where its body ends, and whether that is ambiguous.
///
/// Request smuggling lives in the gap between two parsers that find different ends for the same
/// body: a proxy that believes `Content-Length` and a server that believes
/// `Transfer-Encoding: chunked`, or two `Content-Length` fields each trusted by one side. RFC 9112
/// §6.3 lets a server refuse such a message with 400 and close the connection; this server does so
/// for every message that states its length more than one way or in a coding it does not decode.
struct RequestFraming {
    let contentLengths: [String]
    let transferEncodings: [String]

    init(_ headers: HTTPHeaders) {
        contentLengths = headers.values("Content-Length")
        transferEncodings = headers.values("Transfer-Encoding")
    }

    /// True for two `Content-Length` fields (even equal ones), `Content-Length` together with
    /// `Transfer-Encoding`, and any `Transfer-Encoding` other than a single `chunked`.
    var isAmbiguous: Bool {
        if contentLengths.count > 1 { return true }
        if transferEncodings.isEmpty { return false }
        guard contentLengths.isEmpty, transferEncodings.count == 1 else { return true }
        let coding = transferEncodings[0].utf8.filter { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") }
        return String(decoding: coding, as: UTF8.self).lowercased() != "chunked"
    }
}
