import Foundation
import NavigationHTML

/// Why a form was not accepted, in words for the user, and the field it is about.
struct FormMessage: Error {
    let text: String
    var field = ""
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
        title.check(text).mapError { FormMessage(text: $0.message, field: "title") }.flatMap { title in
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
