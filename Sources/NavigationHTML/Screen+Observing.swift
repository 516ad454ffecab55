import Navigation

extension Screen {
    /// The screen shows data of these topics: with `LiveUpdates` given to the responder, its page
    /// names its update stream, and refreshes itself (with JavaScript) when a write publishes a
    /// newer version of any of them, as a SwiftUI view redraws when what it observes changes.
    ///
    /// ```swift
    /// Screen(title: "Order History", template: "demo/order-history", model: list)
    ///     .observing("orders")
    /// Screen(title: order.id, template: "demo/order", model: order)
    ///     .observing("orders/\(order.id)")
    /// ```
    ///
    /// A page observes the topics of every screen it draws: the stack's top, a presentation's, a
    /// split view's columns. Repeated calls add topics.
    public consuming func observing(_ topics: Topic...) -> Screen {
        observing(contentsOf: topics)
    }

    /// ``observing(_:)`` for topics gathered at run time.
    public consuming func observing(contentsOf topics: some Sequence<Topic>) -> Screen {
        var screen = self
        screen.topics.formUnion(topics)
        return screen
    }
}
