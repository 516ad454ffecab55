/// What onboarding has collected before it finishes (the seeds' coordinator keeps it in its
/// own state): the demo's ``NavigationSchema/Draft``, kept in the navigation state's `flow`, so
/// in the cookie, from step to step. Each step fills its own fields; nil is "not asked yet".
public struct OnboardingDraft: Codable, Hashable, Sendable {
    /// The appearance picked on the preferences step.
    public enum Theme: String, Codable, CaseIterable, Sendable {
        case light, dark, system
    }

    public var name: String?
    public var email: String?
    public var notifications: Bool?
    public var theme: Theme?

    public init(name: String? = nil, email: String? = nil, notifications: Bool? = nil, theme: Theme? = nil) {
        self.name = name
        self.email = email
        self.notifications = notifications
        self.theme = theme
    }
}
