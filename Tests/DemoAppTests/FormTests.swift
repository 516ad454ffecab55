import Foundation
import Testing
import HTTPTestSupport

/// Sheets that own their actions: Save (POST, 303 to the background), invalid input (422 with
/// the input kept), Cancel, delete through a confirmation, and refused cross-site posts.
@Suite struct FormTests {
    @Test func saveValidatesSavesDismissesAndShowsTheChange() async throws {
        try await withDemoServer { port in
            let user = UserAgent(port: port)
            let sheet = try user.get("/orders/order/ORD-002?present=edit-order/ORD-002")
            #expect(sheet.inputValue("title") == "Books")
            #expect(sheet.inputValue("amount") == "45.00")
            let token = try #require(sheet.formToken)
            let saved = try user.post(try #require(sheet.formAction),
                                      ["_token": token, "_action": "saveOrder", "title": "Paperbacks & Co", "amount": "50.5"])
            #expect(saved.status == 303)
            #expect(saved.response.header("Location") == "/orders/order/ORD-002")
            let detail = try user.get("/orders/order/ORD-002")
            #expect(detail.html.contains("Paperbacks &amp; Co"))
            #expect(detail.html.contains("$50.50"))
            #expect(try user.get("/home/orders").html.contains("Paperbacks &amp; Co"))
        }
    }

    @Test(arguments: [("", "45", "Enter a title."), ("<script>", "45", "The title can hold"),
                      (String(repeating: "x", count: 61), "45", "at most 60"), ("Books", "4.567", "Enter the amount"),
                      ("Books", "-3", "Enter the amount"), ("Books", "1e3", "Enter the amount")])
    func invalidInputRerendersTheSheetWithTheInputKept(title: String, amount: String, message: String) async throws {
        try await withDemoServer { port in
            let user = UserAgent(port: port)
            let sheet = try user.get("/orders/order/ORD-002?present=edit-order/ORD-002")
            let page = try user.post(try #require(sheet.formAction), [
                "_token": try #require(sheet.formToken), "_action": "saveOrder", "title": title, "amount": amount])
            #expect(page.status == 422)
            #expect(page.presentation?.style == "sheet")
            #expect(page.html.contains(message))
            #expect(page.inputValue("title") == title)
            #expect(page.inputValue("amount") == amount)
            #expect(!page.html.contains("<script>"))
            #expect(try user.get("/orders/order/ORD-002").html.contains("Books"), "nothing was saved")
        }
    }

    /// Each character is judged alone: letters of any script pass, and so does the listed
    /// punctuation; any other ASCII character is refused wherever it stands.
    @Test(arguments: [("Crème Brûlée #2 (Ψ/日本)", 303), ("Books;", 422), ("A|B", 422), ("Tab\tHere", 422),
                      ("Zz09 -&.,'()/#+", 303), ("Ünïcödé ~", 422)])
    func titleCharactersAreCheckedOneByOne(title: String, status: Int) async throws {
        try await withDemoServer { port in
            let user = UserAgent(port: port)
            let sheet = try user.get("/orders/order/ORD-002?present=edit-order/ORD-002")
            let page = try user.post(try #require(sheet.formAction), [
                "_token": try #require(sheet.formToken), "_action": "saveOrder", "title": title, "amount": "45"])
            #expect(page.status == status)
            let saved = try user.get("/orders/order/ORD-002").html
            #expect(saved.contains(title.replacingOccurrences(of: "&", with: "&amp;")
                .replacingOccurrences(of: "'", with: "&#39;")) == (status == 303))
        }
    }

    @Test func cancelLeavesWithoutSaving() async throws {
        try await withDemoServer { port in
            let user = UserAgent(port: port)
            let sheet = try user.get("/profile?present=edit-profile")
            #expect(sheet.href("Cancel") == "/profile")
            #expect(try user.follow("Cancel").title == "Alex Appleseed")
        }
    }

    @Test func deletingFromTheDetailScreenPopsItAndTheOrderLeavesTheList() async throws {
        try await withDemoServer { port in
            let user = UserAgent(port: port)
            try user.get("/home/orders/order/ORD-003")
            let dialog = try user.follow("Delete Order")
            #expect(dialog.presentation?.style == "confirmationDialog")
            let deleted = try user.post(try #require(dialog.formAction),
                                        ["_token": try #require(dialog.formToken), "_action": "deleteOrder"])
            #expect(deleted.status == 303)
            #expect(deleted.response.header("Location") == "/home/orders")
            let list = try user.get("/home/orders")
            #expect(!list.html.contains("ORD-003"))
            #expect(try user.get("/home/orders/order/ORD-003").status == 404)
        }
    }

    @Test func editsSurviveARestart() async throws {
        let data = FileManager.default.temporaryDirectory.appendingPathComponent("demo-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: data) }
        try await withDemoServer(dataDirectory: data) { port in
            let user = UserAgent(port: port)
            let sheet = try user.get("/profile?present=edit-profile")
            let saved = try user.post(try #require(sheet.formAction),
                                      ["_token": try #require(sheet.formToken), "_action": "saveProfile", "name": "Alex Rivera"])
            #expect(saved.status == 303)
        }
        try await withDemoServer(dataDirectory: data) { port in
            let profile = try UserAgent(port: port).get("/profile")
            #expect(profile.title == "Alex Rivera")
        }
    }

    @Test func crossSitePostsAreRefusedAndChangeNothing() async throws {
        try await withDemoServer { port in
            let user = UserAgent(port: port)
            let dialog = try user.get("/orders/order/ORD-001?present=delete-order/ORD-001")
            let action = try #require(dialog.formAction)
            let token = try #require(dialog.formToken)
            let attempts: [([String: String], [String: String])] = [
                (["_action": "deleteOrder"], [:]),
                (["_token": "forged", "_action": "deleteOrder"], [:]),
                (["_token": token, "_action": "deleteOrder"], ["Sec-Fetch-Site": "cross-site"]),
                (["_token": token, "_action": "deleteOrder"], ["Origin": "http://evil.example"]),
                (["_token": token, "_action": "deleteOrder"], ["Origin": "null"]),
            ]
            for (fields, headers) in attempts {
                #expect(try user.post(action, fields, headers: headers).status == 403, "\(fields) \(headers)")
            }
            let stranger = UserAgent(port: port)
            try stranger.get("/orders")
            #expect(try stranger.post(action, ["_token": token, "_action": "deleteOrder"]).status == 403,
                    "a token is bound to the cookie it was served with")
            #expect(try user.get("/orders/order/ORD-001").status == 200, "the order is still there")
            #expect(try user.post("/orders/order/ORD-001", ["_token": token, "_action": "deleteOrder"]).status == 400,
                    "an action the screen does not offer")
        }
    }
}
