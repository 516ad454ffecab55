extension Request {
    /// Whether the client's `If-None-Match` names `etag` (or `*`), so that the copy it holds is
    /// current and the answer is `304 Not Modified` with the validators and caching fields only.
    /// The comparison is weak, as RFC 9110 asks of `If-None-Match`: a `W/` prefix is ignored.
    ///
    /// ```swift
    /// if request.hasCurrentCopy(of: etag) { return Response(status: .notModified, headers: headers) }
    /// ```
    public func hasCurrentCopy(of etag: String) -> Bool {
        guard let ifNoneMatch = headers["If-None-Match"] else { return false }
        func opaqueTag(_ text: Substring) -> Substring {
            let isSpace = { (character: Character) in character == " " || character == "\t" }
            let start = text.drop(while: isSpace)
            let tag = start.lastIndex(where: { !isSpace($0) }).map { start[...$0] } ?? ""
            return tag.hasPrefix("W/") ? tag.dropFirst(2) : tag
        }
        let wanted = opaqueTag(Substring(etag))
        return ifNoneMatch.split(separator: ",").contains { opaqueTag($0) == "*" || opaqueTag($0) == wanted }
    }
}
