import Navigation
import NavigationHTML
import Foundation

/// The model of `demo/onboarding.mustache`.
struct OnboardingPage: Sendable {
    struct Fact: Sendable {
        let label: String
        let value: String
    }

    let stepNumber: Int
    let stepCount: Int
    let isWelcome: Bool
    let isProfile: Bool
    let isPreferences: Bool
    let isComplete: Bool
    let formAction: String
    let formToken: String
    let error: String?
    let backHref: String?
    let continueTitle: String
    let name: String
    let email: String
    let notifications: Bool
    let themeLight: Bool
    let themeDark: Bool
    let themeSystem: Bool
    let summary: [Fact]
}

extension DemoApp {
    /// First visit: `/` opens onboarding over the restored screen until it is finished or skipped.
    public func launch(_ restored: NavigationState<DemoNavigation>) -> NavigationState<DemoNavigation> {
        guard !restored.features.contains(OnboardingCoordinator.onboarded), restored.presentation == nil else { return restored }
        return restored.applying(.present(.onboarding(.welcome)))
    }

    public func colorScheme(in state: NavigationState<DemoNavigation>) -> ColorScheme? {
        state.features.contains(OnboardingCoordinator.darkTheme) ? .dark
            : state.features.contains(OnboardingCoordinator.lightTheme) ? .light : nil
    }

    func onboardingScreen(_ step: OnboardingStep, _ context: ScreenContext<DemoNavigation>) -> Screen {
        let draft = context.state.flow ?? OnboardingDraft()
        let steps = OnboardingStep.allCases
        let theme = context.value("theme", default: (draft.theme ?? .system).rawValue)
        let notifications = context.submitted.map { $0["notifications"] == "on" } ?? (draft.notifications ?? true)
        return Screen(title: step.title, template: "demo/onboarding", model: OnboardingPage(
            stepNumber: (steps.firstIndex(of: step) ?? 0) + 1, stepCount: steps.count,
            isWelcome: step == .welcome, isProfile: step == .profile, isPreferences: step == .preferences,
            isComplete: step == .complete, formAction: context.formAction, formToken: context.formToken,
            error: context.error,
            backHref: OnboardingCoordinator.previous(before: step).map { context.href(.present(.onboarding($0))) },
            continueTitle: Self.continueTitle(of: step),
            name: context.value("name", default: draft.name ?? ""),
            email: context.value("email", default: draft.email ?? ""),
            notifications: notifications,
            themeLight: theme == "light", themeDark: theme == "dark", themeSystem: theme != "light" && theme != "dark",
            summary: [
                .init(label: "Name", value: draft.name ?? "—"), .init(label: "Email", value: draft.email ?? "—"),
                .init(label: "Notifications", value: draft.notifications == false ? "Off" : "On"),
                .init(label: "Theme", value: (draft.theme ?? .system).rawValue.capitalized),
            ]))
            // Finished or skipped through its own buttons, never by a stray click behind it.
            .interactiveDismissDisabled()
    }

    /// The seed's words: Get Started (or Skip Setup) on the welcome, Finish after the
    /// preferences, Let's Go when all is set.
    static func continueTitle(of step: OnboardingStep) -> String {
        switch step {
        case .welcome: "Get Started"
        case .profile: "Continue"
        case .preferences: "Finish"
        case .complete: "Let's Go"
        }
    }

    /// Continue validates the step and moves on; the last step applies what was collected; Skip
    /// ends the flow with nothing applied.
    func submitOnboarding(
        _ step: OnboardingStep, _ submission: Submission, _ context: ScreenContext<DemoNavigation>
    ) async throws -> SubmissionOutcome<DemoNavigation> {
        if submission.action == "skip" {
            return .navigate([.setFeature(OnboardingCoordinator.onboarded, true), .clearFlow, .dismiss])
        }
        switch OnboardingCoordinator.accept(step, submission, into: context.state.flow ?? OnboardingDraft()) {
        case .failure(let message):
            return .invalid(message.text)
        case .success(let draft):
            if let next = OnboardingCoordinator.next(after: step) {
                return .navigate([.recordFlow(draft), .present(.onboarding(next))])
            }
            if let name = draft.name, let userId = currentUserId(context.state) {
                _ = try await store.updateUser(id: userId, name: name)
            }
            return .navigate([
                .setFeature(OnboardingCoordinator.onboarded, true),
                .setFeature(OnboardingCoordinator.darkTheme, draft.theme == .dark),
                .setFeature(OnboardingCoordinator.lightTheme, draft.theme == .light),
                .clearFlow, .dismiss,
            ])
        }
    }
}
