import Foundation
import MicroHTTP
import Navigation
import NavigationHTML

extension DemoApp {
    public func screen(for destination: DemoDestination, context: ScreenContext<DemoNavigation>) async throws -> Screen {
        switch destination {
        case .search:
            return try await searchScreen(context, inSheet: true)
        case .order(let orderId):
            let order = try await order(orderId)
            return .list("Order Details", sections: [
                orderFacts(order),
                ListSection(rows: [
                    ListRow("View Full Details", to: .push(.orderDetail(orderId: order.id)), in: context),
                    // Over this sheet, as a sheet's own `.sheet` presents: Save comes back here.
                    ListRow("Edit Order", to: .presentOver(.editOrder(orderId: order.id)), in: context),
                ]),
            ]).toolbar([ToolbarItem("Done", placement: .confirmationAction, to: .dismiss, in: context)])
            // At half height the list behind stays usable: another order is a click away.
            .presentationBackgroundInteraction(.enabled(upThrough: .medium))
            .observing(DemoTopic.order(order.id))
        case .editOrder(let orderId):
            let order = try await order(orderId)
            // Edits kept while "Discard changes?" asked, when Keep Editing came back to them.
            return .form("Edit Order", action: "saveOrder", fields: [
                FormField("Title", name: "title", value: context.query["presented-title"] ?? order.title,
                          maxLength: OrderForm.title.maxLength, isRequired: true),
                FormField("Amount (USD)", name: "amount",
                          value: context.query["presented-amount"] ?? order.decimalAmount,
                          maxLength: 12, inputMode: "decimal", isRequired: true),
            ], cancelHref: context.href(.dismiss), cancelAction: "cancelEdit", context: context)
            // Sent back with a mistake to mend, the form holds edits a click behind it would lose.
            .interactiveDismissDisabled(context.submitted != nil)
            .observing(DemoTopic.order(order.id))
        case .discardChanges(let orderId):
            let order = try await order(orderId)
            return .alert("Discard changes?", message: "Your changes to \(order.id) have not been saved.", buttons: [
                // Both the dialog and the edit sheet close: back to what the sheet was opened over.
                .link("Discard Changes", role: .destructive, href: context.href([.dismiss, .dismiss])),
                .link("Keep Editing", role: .cancel, href: context.href(.dismiss)),
            ], context: context).observing(DemoTopic.order(order.id))
        case .receipt(let orderId):
            let order = try await order(orderId)
            // Done is the screen's own dismiss: it does not need to know it was pushed.
            return .list("Receipt", sections: [
                ListSection(footer: "Thank you for your order.", rows: [
                    ListRow("Order", value: order.id), ListRow("Item", value: order.title),
                    ListRow("Amount", value: order.amount), ListRow("Placed", value: order.date),
                ]),
            ]).toolbar([ToolbarItem("Done", placement: .confirmationAction, href: context.dismissHref)])
            .observing(DemoTopic.order(order.id))
        case .newOrder:
            // Each form drawn gets its own identifier: posted twice, it creates one order.
            return .form("New Order", action: "createOrder", fields: [
                FormField("Title", name: "title", value: "", maxLength: OrderForm.title.maxLength, isRequired: true),
                FormField("Amount (USD)", name: "amount", value: "", maxLength: 12, inputMode: "decimal", isRequired: true),
            ], hidden: ["submission": UUID().uuidString], cancelHref: context.href(.dismiss), context: context)
            .navigationTransition(.zoom(sourceID: "new-order"))  // out of the + that presents it
        case .deleteOrder(let orderId):
            let order = try await order(orderId)
            return .alert("Delete \(order.id)?", message: "\(order.title), \(order.amount). This cannot be undone.", buttons: [
                .submit("Delete Order", role: .destructive, action: "deleteOrder"),
                .link("Cancel", role: .cancel, href: context.href(.dismiss)),
            ], context: context).observing(DemoTopic.order(order.id))
        case .orderOptions(let orderId):
            let order = try await order(orderId)
            return .alert("\(order.id): \(order.title)", message: "What do you want to do with this order?", buttons: [
                .link("Edit Order", href: context.href(.present(.editOrder(orderId: order.id)))),
                .submit("Delete Order", role: .destructive, action: "deleteOrder"),
                .link("Cancel", role: .cancel, href: context.href(.dismiss)),
            ], context: context).observing(DemoTopic.order(order.id))
        case .editProfile:
            let user = try await signedInUser(context.state)
            return .form("Edit Profile", action: "saveProfile", fields: [
                FormField("Name", name: "name", value: user.name, maxLength: ProfileForm.name.maxLength, isRequired: true),
            ], cancelHref: context.href(.dismiss), context: context).observing(DemoTopic.user(user.id))
        case .photo:
            let user = try await signedInUser(context.state)
            return Screen(title: user.name, template: "demo/photo", model: PhotoPage(
                initials: String(user.name.split(separator: " ").compactMap(\.first)),
                caption: "Member since \(user.memberSince)")).observing(DemoTopic.user(user.id))
        case .options:
            return .list("Options", sections: [ListSection(rows: [
                ListRow("Edit Profile", to: .present(.editProfile), in: context),
                ListRow("Settings", href: context.href([.dismiss, .push(.settings)])),
                ListRow("About", to: .present(.about), in: context),
            ])]).presentationCompactAdaptation(.popover)  // the seed's popover: one on a phone too
        case .onboarding(let step):
            return onboardingScreen(step, context)
        case .about:
            return .alert("Navigation Demo", message: "SwiftUI-style navigation served as plain HTML.", buttons: [
                .link("OK", role: .cancel, href: context.href(.dismiss)),
            ], context: context)
        case .planDinner:
            return .form("Plan a Dinner", action: "planDinner", fields: try await dinnerFields(), submitTitle: "Plan",
                         pendingTitle: "Planning…", cancelHref: context.href(.dismiss), context: context)
        }
    }
}

/// The model of `demo/photo.mustache`.
struct PhotoPage: Sendable {
    let initials: String
    let caption: String
}
