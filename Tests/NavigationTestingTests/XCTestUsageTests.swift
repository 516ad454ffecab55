import NavigationTesting
import XCTest

/// The kit from XCTest: the same `server.test` call in an async test method, on the main actor
/// as XCTest runs it.
final class XCTestUsageTests: XCTestCase {
    @MainActor
    func testTheKitWorksFromXCTest() async throws {
        for transport in [TestTransport.live, .inProcess] {
            try await Shelf.server().test(transport) { browser in
                let page = try await browser.get("/library/book/1")
                XCTAssertEqual(page.status, 200)
                XCTAssertEqual(page.title, "Dune")
                let state = try await browser.state()
                XCTAssertEqual(state.path, [["book": ["id": 1]]])
            }
        }
    }
}
