import NavigationHTML
import NavigationTesting
import Testing
@testable import Shelf

/// The app as a person uses it, through the test kit's browser: in process, with no socket.
@Suite struct ShelfTests {
    let server = try! NavigationServer(app: ShelfApp(), configuration: .init(secrets: ["a test secret of sixteen characters"]))

    @Test func aGenrePushesItsBooksAndTheOtherTabKeepsItsPlace() async throws {
        try await server.test { browser in
            try await browser.get("/library")
            let poetry = try await browser.follow(link: "Poetry")
            #expect(poetry.url == "/library/genre/Poetry" && poetry.title == "Poetry")
            try await browser.follow(link: "Wishlist")
            let back = try await browser.follow(link: "Library")
            #expect(back.url == "/library/genre/Poetry", "the tab keeps its stack")
        }
    }

    @Test func theSheetAddsABookOrSaysWhatIsMissing() async throws {
        try await server.test { browser in
            try await browser.get("/library/genre/Poetry")
            let sheet = try await browser.follow(link: "Add Book")
            #expect(sheet.presentation?.title == "New Book in Poetry")
            let refused = try await browser.submit(form: "Add", fields: ["Title": "Odes", "Year": "soon"])
            #expect(refused.status == 422 && refused.alerts.contains("Write the year as a number."))
            let added = try await browser.submit(form: "Add", fields: ["Title": "Odes", "Year": "1819"])
            #expect(added.title == "Odes" && added.presentation == nil)
            #expect(try await browser.get("/healthz").status == 404, "the pages' server alone: main.swift adds /healthz")
        }
    }
}
