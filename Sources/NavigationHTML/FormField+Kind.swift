import Foundation

extension FormField {
    /// What a field takes, as SwiftUI's controls and HTML's input types offer it: each kind draws
    /// the control a browser knows (so a phone shows the right keyboard, and the browser checks
    /// what it can before posting), and ``Submission/values(of:)`` checks the same on the server,
    /// always.
    public enum Kind: Sendable, Equatable {
        /// One line of text (`TextField`).
        case text
        /// Several lines (`TextField(axis: .vertical)`, `TextEditor`): a `<textarea>` of `lines` rows.
        case multiline(lines: Int)
        /// An email address (`type="email"`): `name@example.com`.
        case email
        /// A web address (`type="url"`): `https://` or `http://` and a host.
        case url
        /// A telephone number (`type="tel"`): digits, with spaces, `+`, `-`, `(`, `)` and `.`.
        case phone
        /// A number (`type="number"`) from `minimum` to `maximum`, a multiple of `step` (1: whole
        /// numbers only; nil: any).
        case number(minimum: Double?, maximum: Double?, step: Double?)
        /// A day (`type="date"`, `DatePicker(displayedComponents: .date)`), posted as `2026-11-27`,
        /// from `earliest` to `latest` (the same form) when given.
        case date(earliest: String?, latest: String?)
        /// One of `choices` (`Picker`, a `<select>`): the value posted is the choice's `value`.
        case picker([Choice])
        /// On or off (`Toggle`, a checkbox drawn as a switch): posted `on`, or absent for off;
        /// ``Submission/values(of:)`` gives `on` or `off`. Required: it must be on (terms accepted).
        case toggle

        /// A whole number from `minimum` to `maximum`.
        public static func integer(minimum: Int? = nil, maximum: Int? = nil) -> Kind {
            .number(minimum: minimum.map(Double.init), maximum: maximum.map(Double.init), step: 1)
        }
    }

    /// One choice of a ``Kind/picker(_:)``.
    public struct Choice: Sendable, Equatable {
        /// What is posted.
        public let value: String
        /// What the person reads.
        public let title: String
        /// A choice that reads `title` and posts `value`.
        public init(_ title: String, value: String) {
            self.title = title
            self.value = value
        }
    }

    /// The value posted for this field, trimmed (a toggle's `on` or `off`), or the message that
    /// says why it is not accepted: `requiredMessage` or `invalidMessage` when the app gave one,
    /// else the library's.
    public func check(_ posted: String?) -> Result<String, InvalidField> {
        let value = (posted ?? "").trimmingWhitespace
        if case .toggle = kind {
            let isOn = value == "on"
            return isRequired && !isOn ? .failure(refusal(required: true)) : .success(isOn ? "on" : "off")
        }
        if value.isEmpty { return isRequired ? .failure(refusal(required: true)) : .success("") }
        // No one types a control character; line breaks (and tabs) belong to several lines only.
        let isMultiline = { if case .multiline = kind { true } else { false } }()
        if value.unicodeScalars.contains(where: { $0.properties.generalCategory == .control && !(isMultiline && ($0 == "\n" || $0 == "\r" || $0 == "\t")) }) {
            return .failure(refusal(required: false))
        }
        // The browser keeps to maxlength; a client that does not is refused, not cut short.
        if value.count > maxLength {
            return .failure(InvalidField(name, message: invalidMessage ?? "Use at most \(maxLength) characters."))
        }
        return Self.accepts(value, kind) ? .success(value) : .failure(refusal(required: false))
    }

    private func refusal(required: Bool) -> InvalidField {
        if required, let requiredMessage { return InvalidField(name, message: requiredMessage) }
        if !required, let invalidMessage { return InvalidField(name, message: invalidMessage) }
        let message: String
        switch kind {
        case .toggle: message = "Turn on \(label) to go on."
        case .picker: message = required ? "Choose \(Self.article(label))." : "Choose \(Self.article(label)) from the list."
        case _ where required: message = "Enter \(Self.article(label))."
        case .email: message = "Enter an email address such as name@example.com."
        case .url: message = "Enter a web address such as https://example.com."
        case .phone: message = "Enter a telephone number: digits, and + ( ) - . or spaces."
        case .number(let minimum, let maximum, let step): message = Self.numberMessage(minimum, maximum, step)
        case .date(let earliest, let latest): message = Self.dateMessage(earliest, latest)
        case .text, .multiline: message = "Enter \(Self.article(label)) without control characters."
        }
        return InvalidField(name, message: message)
    }

    /// "a title", "an email address": the label as the object of a sentence.
    static func article(_ label: String) -> String {
        let lower = label.lowercased()
        return (lower.first.map { "aeiou".contains($0) } == true ? "an " : "a ") + lower
    }

    static func accepts(_ value: String, _ kind: Kind) -> Bool {
        switch kind {
        case .text: return !value.contains(where: \.isNewline)
        case .multiline, .toggle: return true
        case .email: return isEmailAddress(value)
        case .url:
            guard let url = URL(string: value), let scheme = url.scheme?.lowercased(), let host = url.host, !host.isEmpty
            else { return false }
            return (scheme == "https" || scheme == "http") && !value.contains(where: \.isWhitespace)
        case .phone:
            let digits = value.filter(\.isASCIIDigit).count
            return (3...20).contains(digits) && value.allSatisfy { $0.isASCIIDigit || " +-().".contains($0) }
        case .number(let minimum, let maximum, let step):
            guard let number = Double(value), number.isFinite, !value.contains(where: { $0.isLetter && $0 != "e" && $0 != "E" })
            else { return false }
            if let minimum, number < minimum { return false }
            if let maximum, number > maximum { return false }
            if let step, step > 0 {
                let steps = (number - (minimum ?? 0)) / step
                return abs(steps - steps.rounded()) < 1e-9
            }
            return true
        case .date(let earliest, let latest):
            guard let day = Day(value) else { return false }
            if let earliest = earliest.flatMap(Day.init), day < earliest { return false }
            if let latest = latest.flatMap(Day.init), day > latest { return false }
            return true
        case .picker(let choices):
            return choices.contains { $0.value == value }
        }
    }

    /// `local@domain.tld`, as HTML's email input takes it: no spaces, one `@`, a dot in the domain.
    static func isEmailAddress(_ value: String) -> Bool {
        let parts = value.split(separator: "@", omittingEmptySubsequences: false)
        guard value.utf8.count <= 254, parts.count == 2, !parts[0].isEmpty, parts[0].utf8.count <= 64,
              !value.contains(where: { $0.isWhitespace || $0.isNewline || "<>()[]\\,;:\"".contains($0) })
        else { return false }
        let labels = parts[1].split(separator: ".", omittingEmptySubsequences: false)
        return labels.count >= 2 && labels.allSatisfy { !$0.isEmpty && !$0.hasPrefix("-") && !$0.hasSuffix("-") }
    }

    static func numberMessage(_ minimum: Double?, _ maximum: Double?, _ step: Double?) -> String {
        let kind = step == 1 ? "a whole number" : "a number"
        func text(_ number: Double) -> String { number.rounded() == number ? String(Int(number)) : String(number) }
        switch (minimum, maximum) {
        case let (minimum?, maximum?): return "Enter \(kind) from \(text(minimum)) to \(text(maximum))."
        case let (minimum?, nil): return "Enter \(kind) of \(text(minimum)) or more."
        case let (nil, maximum?): return "Enter \(kind) of \(text(maximum)) or less."
        case (nil, nil): return "Enter \(kind)."
        }
    }

    static func dateMessage(_ earliest: String?, _ latest: String?) -> String {
        switch (earliest, latest) {
        case let (earliest?, latest?): return "Enter a date from \(earliest) to \(latest), as 2026-11-27."
        case let (earliest?, nil): return "Enter a date of \(earliest) or later, as 2026-11-27."
        case let (nil, latest?): return "Enter a date of \(latest) or earlier, as 2026-11-27."
        case (nil, nil): return "Enter a date, as 2026-11-27."
        }
    }
}

/// A day of the Gregorian calendar as HTML's date input posts it (`yyyy-mm-dd`), compared in order.
struct Day: Comparable {
    let year: Int, month: Int, day: Int

    init?(_ text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              parts.allSatisfy({ $0.allSatisfy(\.isASCIIDigit) }),
              let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
              year >= 1, (1...12).contains(month), (1...Self.days(in: month, of: year)).contains(day)
        else { return nil }
        (self.year, self.month, self.day) = (year, month, day)
    }

    static func days(in month: Int, of year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    static func < (lhs: Day, rhs: Day) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }
}

private extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}
