import NavigationHTML
import Testing
import Foundation

/// Lengths in characters and in bytes, control characters, line breaks and combining marks, as an
/// attacker would send them and as people of every script type.
@Suite struct TextRuleTests {
    let title = TextRule(label: "title", maxLength: 60)

    @Test func aLetterUnderHundredsOfAccentsIsOneCharacterButNotOneTitle() {
        let flood = "a" + String(repeating: "\u{301}", count: 200)
        #expect(flood.count == 1 && flood.utf8.count == 401)
        #expect(title.check(flood) == .failure(TextProblem(
            "The title is too long: at most 240 bytes, and accents and symbols take more than plain letters.")))
        // Under the bytes, still more accents on one letter than any script puts there.
        let buried = "a" + String(repeating: "\u{301}", count: 20)
        #expect(title.check(buried) == .failure(TextProblem("The title has a character with more accents than any script uses.")))
    }

    @Test func everyScriptFitsItsLengthInCharacters() {
        let texts = [
            String(repeating: "字", count: 60),                         // 3 bytes each: 180
            String(repeating: "𝔸", count: 60),                         // 4 bytes each: 240
            "Tiê\u{300}\u{323}ng Vie\u{323}\u{302}t",                  // Vietnamese, decomposed: 2 marks a letter
            "क्षत्रिय", "👩‍👩‍👧‍👦 🏳️‍🌈 1️⃣ 🇫🇷",                          // conjuncts, emoji sequences
        ]
        for text in texts {
            #expect(title.check(text) == .success(text), "\(text)")
        }
        #expect(title.check(String(repeating: "字", count: 61)) == .failure(TextProblem("The title can be at most 60 characters long.")))
    }

    @Test func controlCharactersAreRefusedAndLineBreaksOnlyWhereTheyBelong() {
        for text in ["bob\u{0}", "\u{1B}[31mred", "a\u{7F}b", "a\u{85}b", "a\u{9B}b"] {
            guard case .failure(let problem) = title.check(text) else {
                Issue.record("\(text.unicodeScalars.map(\.value)) was taken")
                continue
            }
            #expect(problem.message.hasPrefix("The title holds a control character (U+"))
        }
        #expect(title.check("one\ntwo") == .failure(TextProblem("The title must be one line.")))
        #expect(title.check("a\tb") == .failure(TextProblem("The title must be one line.")))
        let text = TextRule(label: "text", maxLength: 1_000, allowsLineBreaks: true, isRequired: false)
        #expect(text.check("one\r\n\ttwo") == .success("one\r\n\ttwo"))
        #expect(text.check("") == .success(""))
        #expect(text.check("nul\u{0}") != .success("nul\u{0}"))
        #expect(title.check("") == .failure(TextProblem("Enter a title.")))
    }

    @Test func onlyTheCharactersARuleAllowsPass() {
        let name = TextRule(label: "name", maxLength: 64, characters: .letters.union(.decimalDigits),
                            described: "letters and digits")
        #expect(name.check("Zoë42") == .success("Zoë42"))
        #expect(name.check("bob!") == .failure(TextProblem("The name can hold letters and digits only.")))
    }
}
