import Foundation
import MicroHTTP
import Navigation
import NavigationHTML

extension DemoApp {
    /// Forms belong to the presentation in the URL, so an action is only taken from the screen
    /// that offers it.
    public func submit(
        _ submission: Submission, context: ScreenContext<DemoNavigation>
    ) async throws -> SubmissionOutcome<DemoNavigation> {
        if let outcome = try await submitCooking(submission, context: context) {
            return outcome
        }
        if context.state.presentation == nil,
           let outcome = try await submitSettings(submission, on: context.state.path.last) {
            return outcome
        }
        // The form posted is the top presentation's: one over another is the one in front.
        switch (context.state.topPresentation?.destination, submission.action) {
        case (.onboarding(let step)?, "continue"), (.onboarding(let step)?, "skip"):
            return try await submitOnboarding(step, submission, context)
        case (.planDinner?, "planDinner"):
            // Every field checked at once; nothing is kept: the notice says what was planned.
            let values = try submission.values(of: try await dinnerFields())
            let guests = values["guests"] == "1" ? "one" : values["guests"] ?? ""
            return .navigateWithNotice([.dismiss], notice: "Dinner for \(guests) planned on \(values["day"] ?? "").")
        case (.newOrder?, "createOrder"):
            switch OrderForm.validate(submission) {
            case .failure(let message):
                return .invalidField(message.field, message: message.text)
            case .success(let form):
                // Only an identifier this server could have made is kept (anything else creates
                // an order each time, as a form without one would).
                let key = UUID(uuidString: submission["submission"])?.uuidString
                let order = try await store.createOrder(
                    title: form.title, cents: form.cents, placedOn: Demo.Order.today(), submission: key)
                return .navigate([.dismiss, .replace([.orderDetail(orderId: order.id)])])
            }
        case (.editOrder(let orderId)?, "saveOrder"):
            switch OrderForm.validate(submission) {
            case .failure(let message):
                return .invalidField(message.field, message: message.text)
            case .success(let form):
                guard try await store.updateOrder(id: orderId, title: form.title, cents: form.cents) else {
                    throw HTTPError(.notFound, "There is no order “\(orderId)”.")
                }
                return .navigate([.dismiss])
            }
        case (.editOrder(let orderId)?, "cancelEdit"):
            // Cancel with edits asks first, keeping them on the URL for Keep Editing.
            let order = try await order(orderId)
            let title = submission["title"], amount = submission["amount"]
            guard title != order.title || amount != order.decimalAmount else {
                return .navigate([.dismiss])
            }
            return .navigateWithArguments([.presentOver(.discardChanges(orderId: orderId))],
                                          arguments: ["presented-title": title, "presented-amount": amount])
        case (.deleteOrder(let orderId)?, "deleteOrder"), (.orderOptions(let orderId)?, "deleteOrder"):
            guard try await store.deleteOrder(id: orderId) else {
                throw HTTPError(.notFound, "There is no order “\(orderId)”.")
            }
            // The detail screen of a deleted order pops itself, as a TCA child's delegate action.
            let showsIt = context.state.path.last == .orderDetail(orderId: orderId)
            return .navigate(showsIt ? [.dismiss, .pop] : [.dismiss])
        case (.editProfile?, "saveProfile"):
            switch ProfileForm.name.check(submission["name"]) {
            case .failure(let problem):
                return .invalid(problem.message)
            case .success(let name):
                _ = try await store.updateUser(id: try await signedInUser(context.state).id, name: name)
                return .navigate([.dismiss])
            }
        default:
            throw HTTPError(.badRequest, "This screen has no action “\(submission.action)”.")
        }
    }
}
