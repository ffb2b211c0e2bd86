import Foundation
import Testing

/// What `ribslint lint` prints for each profile's example app, byte for byte, against
/// Tests/RibsLintTests/Snapshots/<profile>.txt (`RIBSLINT_BLESS=1 swift test --filter SnapshotTests` rewrites them):
/// every finding's place and message is pinned, so a rule whose message or reach changes shows it in review.
@Suite("Snapshots of the example apps")
struct SnapshotTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let snapshots = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Snapshots")

    /// Each profile's example app, linted under the repository's `.ribslint.yml` and the app's own.
    static let apps = [("ribs", "Examples/App"), ("swiftui-rib", "Examples/SwiftUIRIBApp"), ("viper", "Examples/VIPERApp"),
                       ("composable-ribs", "Examples/ComposableRIBsApp")]

    @Test("each example app's findings are its snapshot", arguments: apps)
    func snapshot(profile: String, folder: String) throws {
        let run = try runRibslint(["lint", "--no-cache", "--reporter", "xcode", "--base-path", Self.repository.path, folder], in: Self.repository)
        #expect(run.status == 1, "\(run.stderr)")
        let output = run.stdout
        let file = Self.snapshots.appendingPathComponent("\(profile).txt")
        if ProcessInfo.processInfo.environment["RIBSLINT_BLESS"] == "1" {
            try FileManager.default.createDirectory(at: Self.snapshots, withIntermediateDirectories: true)
            try Data(output.utf8).write(to: file)
        }
        let expected = try String(contentsOf: file, encoding: .utf8)
        #expect(output == expected, "ribslint lint \(folder) differs from Snapshots/\(profile).txt; RIBSLINT_BLESS=1 swift test --filter SnapshotTests rewrites it")
        // Every finding is under the profile's folder, and each profile's app has some.
        let findings = output.split(separator: "\n").filter { $0.contains(": error: ") || $0.contains(": warning: ") }
        #expect(!findings.isEmpty && findings.allSatisfy { $0.hasPrefix(folder + "/") })
    }
}
