import Foundation
import NavigationHTML

/// The seeds' onboarding coordinator, as pure values: which step follows which, what each step
/// accepts, and what finishing does. What the steps collect waits in the navigation state's
/// `flow`, an ``OnboardingDraft`` (the cookie), until the flow finishes.
enum OnboardingCoordinator {
    static let onboarded = "onboarded"
    static let darkTheme = "theme-dark"
    static let lightTheme = "theme-light"
    static let email = TextRule(
        label: "email address", maxLength: 100,
        characters: CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "@.+-_")),
        described: "letters, digits and @ . + - _")

    static func next(after step: OnboardingStep) -> OnboardingStep? {
        let steps = OnboardingStep.allCases
        return steps.firstIndex(of: step).flatMap { steps.index(after: $0) < steps.endIndex ? steps[$0 + 1] : nil }
    }

    static func previous(before step: OnboardingStep) -> OnboardingStep? {
        let steps = OnboardingStep.allCases
        return steps.firstIndex(of: step).flatMap { $0 > 0 ? steps[$0 - 1] : nil }
    }

    /// `draft` with what a step's form contributes, validated.
    static func accept(
        _ step: OnboardingStep, _ form: Submission, into draft: OnboardingDraft
    ) -> Result<OnboardingDraft, FormMessage> {
        var draft = draft
        switch step {
        case .welcome, .complete:
            return .success(draft)
        case .profile:
            return ProfileForm.name.check(form["name"]).mapError { FormMessage(text: $0.message) }.flatMap { name in
                email.check(form["email"]).mapError { FormMessage(text: $0.message) }.flatMap { email in
                    let parts = email.split(separator: "@", omittingEmptySubsequences: false)
                    guard parts.count == 2, !parts[0].isEmpty, parts[1].contains("."), !parts[1].hasSuffix(".") else {
                        return .failure(FormMessage(text: "Enter an email address such as alex@example.com."))
                    }
                    (draft.name, draft.email) = (name, email)
                    return .success(draft)
                }
            }
        case .preferences:
            guard let theme = form["theme"].isEmpty ? .system : OnboardingDraft.Theme(rawValue: form["theme"]) else {
                return .failure(FormMessage(text: "Choose a light, dark or system theme."))
            }
            (draft.notifications, draft.theme) = (form["notifications"] == "on", theme)
            return .success(draft)
        }
    }
}
