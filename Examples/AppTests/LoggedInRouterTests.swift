import XCTest
@testable import App

final class LoggedInRouterTests: XCTestCase {
    func testLifecycle() {}
}
