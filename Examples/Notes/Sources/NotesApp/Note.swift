/// One note of one account.
public struct Note: Sendable, Equatable {
    public let id: Int64
    public let folder: String
    public let title: String
    public let text: String
}
