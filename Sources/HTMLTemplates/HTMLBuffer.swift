/// The bytes of a page being rendered: literal HTML appended as it is, values escaped.
///
/// Escaping replaces `&`, `<`, `>`, `"` and `'`, which makes a value safe in element content and
/// in quoted attribute values. It works on UTF-8 bytes: every byte it replaces is ASCII, and no
/// byte of a multi-byte character is ASCII, so runs between them are copied whole.
///
/// A page is some 700 appends, most of a few bytes. The bytes live in a buffer of this type's
/// own, not an `[UInt8]`: `Array.append(contentsOf:)` cost about 70 instructions a call before
/// its copy, a tenth of a page's work; here an append is a check of the room left, the copy and
/// the new count. Copies of a buffer share its bytes until one of them appends.
///
/// `@unchecked Sendable`: a buffer appends only to a storage no other buffer holds
/// (`isKnownUniquelyReferenced`), so a storage another thread can see is only read.
/// (`ManagedBuffer`, which holds the bytes, is not `Sendable` itself.)
public struct HTMLBuffer: @unchecked Sendable {
    private var storage: Storage

    /// What was appended, as UTF-8: a copy, made on each read.
    public var bytes: [UInt8] {
        storage.withUnsafeMutablePointers { header, elements in
            Array(UnsafeBufferPointer(start: elements, count: header.pointee.count))
        }
    }

    /// How many bytes were appended.
    public var count: Int { storage.withUnsafeMutablePointerToHeader { $0.pointee.count } }

    public init(capacity: Int = 0) {
        // An empty buffer allocates nothing: templates swap one in while they render into another.
        storage = capacity > 0 ? Storage.make(capacity: capacity) : Storage.empty
    }

    /// Appends `html` as it is.
    public mutating func append(_ html: String) {
        // Read where it is: `withUTF8` on a copy would first ask whether the copy is unique.
        let appended: Void? = html.utf8.withContiguousStorageIfAvailable { append($0) }
        guard appended == nil else { return }
        var html = html
        html.withUTF8 { append($0) }
    }

    /// Appends UTF-8 `html` as it is.
    public mutating func append(_ html: UnsafeBufferPointer<UInt8>) {
        guard let base = html.baseAddress else { return }
        append(base, count: html.count)
    }

    /// Appends `html` as it is.
    public mutating func append(_ html: some Collection<UInt8>) {
        let appended: Void? = html.withContiguousStorageIfAvailable { append($0) }
        guard appended == nil else { return }
        Array(html).withUnsafeBufferPointer { append($0) }
    }

    /// Copies `count` bytes from `source` to the end.
    @inline(__always)
    private mutating func append(_ source: UnsafePointer<UInt8>, count: Int) {
        append(source, count: count, mayBeShared: true)
    }

    /// Makes the storage this buffer's alone (a copy, when another buffer shares it), so that
    /// `appendUnshared(_:)` may be used until the buffer is next copied.
    mutating func makeUnshared() {
        guard !isKnownUniquelyReferenced(&storage) else { return }
        let capacity = storage.withUnsafeMutablePointerToHeader { $0.pointee.capacity }
        storage = storage.copy(capacity: Swift.max(capacity, 64))
    }

    /// `append(_:)` for a buffer whose storage no other buffer shares: made so by
    /// `makeUnshared()`, and not copied since (appends keep it so). A page's templates append
    /// their literal text some 500 times; asking each time whether the storage is shared was a
    /// call into the runtime.
    mutating func appendUnshared(_ html: UnsafeBufferPointer<UInt8>) {
        guard let base = html.baseAddress else { return }
        append(base, count: html.count, mayBeShared: false)
    }

    @inline(__always)
    private mutating func append(_ source: UnsafePointer<UInt8>, count: Int, mayBeShared: Bool) {
        // The header through its pointer: `ManagedBuffer.header` is a class's stored property,
        // checked for exclusive access at run time on every use.
        let fits = storage.withUnsafeMutablePointerToHeader { $0.pointee.capacity - $0.pointee.count >= count }
        if _slowPath(!fits || mayBeShared && !isKnownUniquelyReferenced(&storage)) {
            grow(adding: count)
        }
        storage.withUnsafeMutablePointers { header, elements in
            (elements + header.pointee.count).initialize(from: source, count: count)
            header.pointee.count += count
        }
    }

    /// A storage of its own with room for `count` more bytes: twice the room, as an array grows.
    private mutating func grow(adding added: Int) {
        let (capacity, count) = storage.withUnsafeMutablePointerToHeader { ($0.pointee.capacity, $0.pointee.count) }
        storage = storage.copy(capacity: Swift.max(capacity * 2, count + added, 64))
    }

    /// Appends `text` with the characters that mean something in HTML escaped.
    public mutating func append(escaping text: String) {
        let appended: Void? = text.utf8.withContiguousStorageIfAvailable { append(escaping: $0) }
        guard appended == nil else { return }
        var text = text
        text.withUTF8 { append(escaping: $0) }
    }

    /// Appends UTF-8 `text` with the characters that mean something in HTML escaped.
    public mutating func append(escaping text: UnsafeBufferPointer<UInt8>) {
        guard let base = text.baseAddress else { return }
        var start = 0
        var index = 0
        // Sixteen bytes at a time while none needs escaping (most text, and every URL but its `&`).
        if text.count >= 16 {
            // Read once a call: each read of a static property asks `swift_once` whether it is made
            // yet, and vectors made here are built a byte at a time.
            let patterns = Self.patterns
            while index + 16 <= text.count {
                let chunk = UnsafeRawPointer(base + index).loadUnaligned(as: SIMD16<UInt8>.self)
                let special = (chunk .== patterns.ampersands) .| (chunk .== patterns.lessThans)
                    .| (chunk .== patterns.greaterThans) .| (chunk .== patterns.quotes) .| (chunk .== patterns.apostrophes)
                guard any(special) else {
                    index += 16
                    continue
                }
                for offset in 0..<16 where special[offset] {
                    appendEntity(replacing: text, from: start, at: index + offset)
                    start = index + offset + 1
                }
                index += 16
            }
        }
        for index in index..<text.count where Self.isSpecial(text[index]) {
            appendEntity(replacing: text, from: start, at: index)
            start = index + 1
        }
        append(base + start, count: text.count - start)
    }

    /// Appends the text before `index` not yet appended, then the entity for the byte at `index`.
    private mutating func appendEntity(replacing text: UnsafeBufferPointer<UInt8>, from start: Int, at index: Int) {
        let entity: StaticString = switch text[index] {
        case UInt8(ascii: "&"): "&amp;"
        case UInt8(ascii: "<"): "&lt;"
        case UInt8(ascii: ">"): "&gt;"
        case UInt8(ascii: "\""): "&quot;"
        default: "&#39;"
        }
        append(text.baseAddress! + start, count: index - start)
        append(entity.utf8Start, count: entity.utf8CodeUnitCount)
    }

    /// The bytes `append(escaping:)` replaces, each sixteen times over.
    private struct Patterns {
        let ampersands = SIMD16<UInt8>(repeating: UInt8(ascii: "&"))
        let lessThans = SIMD16<UInt8>(repeating: UInt8(ascii: "<"))
        let greaterThans = SIMD16<UInt8>(repeating: UInt8(ascii: ">"))
        let quotes = SIMD16<UInt8>(repeating: UInt8(ascii: "\""))
        let apostrophes = SIMD16<UInt8>(repeating: UInt8(ascii: "'"))
    }

    private static let patterns = Patterns()

    /// Whether `append(escaping:)` replaces `byte`: `&`, `<`, `>`, `"` or `'`, all below 64, so
    /// one word's bits say which.
    @inline(__always)
    private static func isSpecial(_ byte: UInt8) -> Bool {
        let specials: UInt64 = 1 << UInt8(ascii: "&") | 1 << UInt8(ascii: "<") | 1 << UInt8(ascii: ">")
            | 1 << UInt8(ascii: "\"") | 1 << UInt8(ascii: "'")
        return byte < 64 && specials >> byte & 1 == 1
    }
}

extension HTMLBuffer {
    struct Header {
        var count: Int
        var capacity: Int
    }

    /// The bytes and their count.
    final class Storage: ManagedBuffer<Header, UInt8> {
        /// No bytes and no room, shared: the first append copies it.
        nonisolated(unsafe) static let empty = make(capacity: 0)

        static func make(capacity: Int) -> Storage {
            // The room asked for, not the allocation's own size, which Linux finds only slowly.
            let buffer = Storage.create(minimumCapacity: capacity) { _ in Header(count: 0, capacity: capacity) }
            return unsafeDowncast(buffer, to: Storage.self)
        }

        /// A storage of `capacity` bytes holding these.
        func copy(capacity: Int) -> Storage {
            let copy = Storage.make(capacity: capacity)
            withUnsafeMutablePointers { header, elements in
                copy.withUnsafeMutablePointers { copyHeader, copyElements in
                    copyElements.initialize(from: elements, count: header.pointee.count)
                    copyHeader.pointee.count = header.pointee.count
                }
            }
            return copy
        }
    }
}
