import XCTest
@testable import App

final class FeedInteractorTests: XCTestCase {
    func testLifecycle() {}
}
