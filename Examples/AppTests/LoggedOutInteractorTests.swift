import XCTest
@testable import App

final class LoggedOutInteractorTests: XCTestCase {
    func testLifecycle() {}
}
