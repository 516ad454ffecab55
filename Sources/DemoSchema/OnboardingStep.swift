/// The steps of the first-run flow, in order.
public enum OnboardingStep: String, CaseIterable, Codable, Sendable {
    case welcome, profile, preferences, complete

    public var title: String {
        switch self {
        case .welcome: "Welcome!"
        case .profile: "Your Profile"
        case .preferences: "Preferences"
        case .complete: "You're All Set!"
        }
    }
}
