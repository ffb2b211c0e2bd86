/// Test files and test doubles: rules about production wiring leave them alone.
public enum TestCode {
    /// A file in a `*Tests` or `Mocks` folder, or named `*Tests.swift` / `*Mocks.swift`.
    public static func isTestFile(_ path: String) -> Bool {
        func ends(_ text: some BidirectionalCollection<UInt8>, with suffix: String) -> Bool {
            text.reversed().starts(with: suffix.utf8.reversed())
        }
        let components = path.utf8.split(separator: UInt8(ascii: "/"))
        return components.dropLast().contains { ends($0, with: "Tests") || $0.elementsEqual("Mocks".utf8) }
            || ends(path.utf8, with: "Tests.swift") || ends(path.utf8, with: "Mocks.swift")
    }

    /// A name that starts or ends with the word `Mock`, `Fake`, `Stub`, `Spy` or `Dummy` (`MockRouter`, `RouterSpy`): as a
    /// word, so `MockupEditorRouter` and `StubbornInteractor` are the app's own.
    public static func isTestDouble(_ name: String) -> Bool {
        ["Mock", "Fake", "Stub", "Spy", "Dummy"].contains { word in
            name.hasSuffix(word) || name.hasPrefix(word) && name.dropFirst(word.count).first.map { $0.isUppercase || $0 == "_" } != false
        }
    }
}
