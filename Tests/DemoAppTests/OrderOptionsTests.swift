import Foundation
import Testing
import HTTPTestSupport

/// Seed 000's "Options": a confirmation dialog with several actions on the order detail, each
/// doing what it says (Edit opens the edit sheet, Delete deletes and pops, Cancel closes).
@Suite struct OrderOptionsTests {
    static let detail = "/home/orders/order/ORD-002"

    @Test func theDialogOffersEditDeleteAndCancel() async throws {
        try await withDemoServer { port in
            let user = UserAgent(port: port)
            try user.get(Self.detail)
            let dialog = try user.follow("Options…")
            #expect(dialog.path == Self.detail + "?present=order-options/ORD-002")
            #expect(dialog.presentation?.style == "confirmationDialog")
            #expect(dialog.presentation?.role == "alertdialog")
            let buttons = dialog.html.matches(of: #/class="button role-([a-z]+)"[^>]*>([^<]+)</#)
                .map { (String($0.output.1), String($0.output.2)) }
            #expect(buttons.map(\.1) == ["Edit Order", "Delete Order", "Cancel"], "\(buttons)")
            #expect(buttons.first { $0.1 == "Delete Order" }?.0 == "destructive")
            #expect(dialog.href("Cancel") == Self.detail)
            let edit = try user.follow("Edit Order")
            #expect(edit.presentation?.style == "sheet" && edit.inputValue("title") == "Books")
        }
    }

    @Test func deleteFromTheDialogDeletesAndPops() async throws {
        try await withDemoServer { port in
            let user = UserAgent(port: port)
            try user.get(Self.detail)
            try user.follow("Options…")
            let deleted = try user.submit(["_action": "deleteOrder"])
            #expect(deleted.status == 303)
            #expect(deleted.response.header("Location") == "/home/orders")
            #expect(try user.get(Self.detail).status == 404)
        }
    }
}
