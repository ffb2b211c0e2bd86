import XCTest
@testable import App

final class RootInteractorTests: XCTestCase {
    func testLifecycle() {}
}
