import Foundation
import NavigationHTML

/// Why a form was not accepted, in words for the user, and the field it is about.
struct FormMessage: Error {
    let text: String
    var field = ""
}

/// A text field's rules: required, a length limit, and the characters it may hold.
struct TextRule {
    let label: String
    let maxLength: Int
    let characters: CharacterSet
    /// The allowed characters, as the user is told them.
    let described: String
    /// Which ASCII characters `characters` holds, looked up by value: `CharacterSet.contains` on a
    /// union of sets took about a microsecond a character, a twentieth of a form's POST.
    private let ascii: [Bool]

    init(label: String, maxLength: Int, characters: CharacterSet, described: String) {
        self.label = label
        self.maxLength = maxLength
        self.characters = characters
        self.described = described
        ascii = (0..<128).map { characters.contains(Unicode.Scalar(UInt8($0))) }
    }

    func allows(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII ? ascii[Int(scalar.value)] : characters.contains(scalar)
    }

    func check(_ value: String) -> Result<String, FormMessage> {
        guard !value.isEmpty else { return .failure(FormMessage(text: "Enter a \(label).")) }
        guard value.count <= maxLength else {
            return .failure(FormMessage(text: "The \(label) can be at most \(maxLength) characters long."))
        }
        guard value.unicodeScalars.allSatisfy(allows) else {
            return .failure(FormMessage(text: "The \(label) can hold \(described) only."))
        }
        return .success(value)
    }
}

/// The edit-order form, validated: a title of allowed characters and an amount in dollars.
struct OrderForm {
    /// Letters (any script), digits, spaces and common punctuation; nothing that could be mistaken
    /// for markup or a control character.
    static let title = TextRule(
        label: "title", maxLength: 60,
        characters: CharacterSet.letters.union(.decimalDigits).union(CharacterSet(charactersIn: " -&.,'()/#+")),
        described: "letters, digits, spaces and - & . , ' ( ) / # +")

    let title: String
    let cents: Int

    static func validate(_ submission: Submission) -> Result<OrderForm, FormMessage> {
        validate(title: submission["title"], amount: submission["amount"])
    }

    /// The one set of rules for an order, whether it comes from the sheet's form or the JSON API;
    /// a message's field is `title` or `amount`.
    static func validate(title text: String, amount: String) -> Result<OrderForm, FormMessage> {
        title.check(text).mapError { FormMessage(text: $0.text, field: "title") }.flatMap { title in
            guard let cents = cents(amount) else {
                return .failure(FormMessage(
                    text: "Enter the amount in dollars, such as 45 or 299.99 (at most 999999.99).", field: "amount"))
            }
            return .success(OrderForm(title: title, cents: cents))
        }
    }

    /// "299.99" → 29999; nil unless it is 1 to 6 digits with at most 2 decimals.
    static func cents(_ text: String) -> Int? {
        let amount = text.hasPrefix("$") ? String(text.dropFirst()) : text
        let parts = amount.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), (1...6).contains(parts[0].count),
              parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
              let dollars = Int(parts[0])
        else { return nil }
        guard parts.count == 2 else { return dollars * 100 }
        guard (1...2).contains(parts[1].count), let fraction = Int(parts[1]) else { return nil }
        return dollars * 100 + (parts[1].count == 1 ? fraction * 10 : fraction)
    }
}

/// The edit-profile form: a name of letters, spaces and - . '
enum ProfileForm {
    static let name = TextRule(
        label: "name", maxLength: 60, characters: CharacterSet.letters.union(CharacterSet(charactersIn: " -.'")),
        described: "letters, spaces and - . '")
}
