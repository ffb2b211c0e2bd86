/// Test files and test doubles: rules about production wiring leave them alone.
public enum TestCode {
    public static func isTestFile(_ path: String) -> Bool {
        path.split(separator: "/").dropLast().contains { $0.hasSuffix("Tests") || $0 == "Mocks" || $0 == "Tests" }
            || path.hasSuffix("Tests.swift") || path.hasSuffix("Mocks.swift")
    }

    public static func isTestDouble(_ name: String) -> Bool {
        ["Mock", "Fake", "Stub", "Spy", "Dummy"].contains { name.hasPrefix($0) || name.hasSuffix($0) }
    }
}
