import Foundation

/// What a text field may hold, checked on the server whatever the page's `maxlength` said: at
/// most `maxLength` characters as a person counts them and `maxBytes` bytes as they are stored
/// (UTF-8), no control character, one line unless `allowsLineBreaks`, no character buried under
/// more than ``maxMarksPerCharacter`` combining marks, and, when given, only `characters`.
///
/// A length counted in characters alone lets one letter carry hundreds of accents (one
/// character, a kilobyte); counted in bytes alone, it shortens a field for the scripts that take
/// more bytes a letter. The rule counts both: by default `maxBytes` is four bytes a character,
/// the longest a character of one Unicode scalar takes.
///
/// ```swift
/// static let title = TextRule(label: "title", maxLength: 100)
/// static let text = TextRule(label: "text", maxLength: 1_000, allowsLineBreaks: true, isRequired: false)
///
/// let title = try form.text("title", Note.title)   // a 422 beside the field when it breaks the rule
/// ```
public struct TextRule: Sendable {
    /// The field as a sentence names it: "title", "email address".
    public let label: String
    /// The most characters (grapheme clusters, what a person counts).
    public let maxLength: Int
    /// The most bytes of UTF-8.
    public let maxBytes: Int
    /// Whether line breaks and tabs may appear (multi-line text, a `<textarea>`).
    public let allowsLineBreaks: Bool
    /// Whether an empty value is refused.
    public let isRequired: Bool
    /// The only characters allowed (by Unicode scalar), or nil for any but control characters.
    public let characters: CharacterSet?
    /// `characters` as the user is told them: "letters, digits and - _".
    public let described: String
    /// Which ASCII scalars `characters` holds, looked up by value: `CharacterSet.contains` on a
    /// union of sets took about a microsecond a character, a twentieth of a form's POST.
    private let ascii: [Bool]

    /// The combining marks one character may carry: enough for every script's letters (two in
    /// Vietnamese, a few in Indic and Tibetan clusters), far below a flood's hundreds.
    public static let maxMarksPerCharacter = 8

    /// A rule for the field called `label`: at most `maxLength` characters and `maxBytes` bytes
    /// (four a character when nil), one line unless `allowsLineBreaks`, required unless told
    /// otherwise, and only `characters` (told to the user as `described`) when given.
    public init(
        label: String, maxLength: Int, maxBytes: Int? = nil, allowsLineBreaks: Bool = false,
        isRequired: Bool = true, characters: CharacterSet? = nil, described: String = ""
    ) {
        self.label = label
        self.maxLength = maxLength
        self.maxBytes = maxBytes ?? maxLength * 4
        self.allowsLineBreaks = allowsLineBreaks
        self.isRequired = isRequired
        self.characters = characters
        self.described = described
        ascii = characters.map { set in (0..<128).map { set.contains(Unicode.Scalar(UInt8($0))) } } ?? []
    }

    /// The value when it keeps the rule, else why not, in a sentence for the user.
    public func check(_ value: String) -> Result<String, TextProblem> {
        if value.isEmpty {
            return isRequired ? .failure(TextProblem("Enter a \(label).")) : .success(value)
        }
        if let problem = Self.controlProblem(in: value, label: label, allowsLineBreaks: allowsLineBreaks) {
            return .failure(problem)
        }
        guard value.utf8.count <= maxBytes, value.count <= maxLength else {
            return .failure(TextProblem(value.count > maxLength
                ? "The \(label) can be at most \(maxLength) characters long."
                : "The \(label) is too long: at most \(maxBytes) bytes, and accents and symbols take more than plain letters."))
        }
        if value.contains(where: { Self.marks(in: $0) > Self.maxMarksPerCharacter }) {
            return .failure(TextProblem("The \(label) has a character with more accents than any script uses."))
        }
        if characters != nil, !value.unicodeScalars.allSatisfy(allows) {
            return .failure(TextProblem("The \(label) can hold \(described) only."))
        }
        return .success(value)
    }

    private func allows(_ scalar: Unicode.Scalar) -> Bool {
        guard let characters else { return true }
        return scalar.isASCII ? ascii[Int(scalar.value)] : characters.contains(scalar)
    }

    /// Why `value` cannot be taken as text at all: a control character (C0, DEL or C1), or a
    /// tab or line break where only one line is expected; nil when it has none.
    static func controlProblem(in value: String, label: String, allowsLineBreaks: Bool) -> TextProblem? {
        for scalar in value.unicodeScalars where isControl(scalar) {
            if allowsLineBreaks, scalar == "\t" || scalar == "\n" || scalar == "\r" { continue }
            return TextProblem(scalar == "\t" || scalar == "\n" || scalar == "\r"
                ? "The \(label) must be one line."
                : "The \(label) holds a control character (\(Self.codePoint(scalar))), which no one can type.")
        }
        return nil
    }

    /// Whether `scalar` is a control character (general category Cc: U+0000–U+001F and
    /// U+007F–U+009F), told by its value: the check runs on every query argument of every request.
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    private static func marks(in character: Character) -> Int {
        character.unicodeScalars.count { scalar in
            switch scalar.properties.generalCategory {
            case .nonspacingMark, .spacingMark, .enclosingMark: true
            default: false
            }
        }
    }

    private static func codePoint(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}

/// Why a text was not accepted, in a sentence for the user (``TextRule/check(_:)``).
public struct TextProblem: Error, Sendable, Equatable, CustomStringConvertible {
    /// The sentence: "The title can be at most 60 characters long."
    public let message: String
    /// A problem described by `message`.
    public init(_ message: String) { self.message = message }
    /// The message.
    public var description: String { message }
}
