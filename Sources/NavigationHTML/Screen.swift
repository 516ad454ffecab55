/// What an app shows for one screen: a title for the navigation bar and `<title>`, and the name
/// of the template that renders its content from `model`.
///
/// ```swift
/// Screen(title: "Order History", template: "demo/order-history", model: OrderListPage(...))
/// ```
///
/// `model` is a `TemplateModel`, or any struct whose stored properties the template reads through
/// reflection (simpler, several times slower). Every `{{value}}` in the template is HTML-escaped.
public struct Screen: Sendable {
    public var title: String
    public var template: String
    public var model: any Sendable

    public init(title: String, template: String, model: any Sendable) {
        self.title = title
        self.template = template
        self.model = model
    }
}
