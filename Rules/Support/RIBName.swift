import RibsLintKit

/// The RIB a type belongs to, by the prefix its role suffix leaves: `LoginViewController` → `Login`.
enum RIBName {
    /// The suffixes are the profile's in force, as `.ribslint.yml`'s `roles:` set them.
    static func prefix(of typeName: String, role: Role?, profile: Profile) -> String {
        let suffixes = role.flatMap { profile.definition(of: $0)?.suffixes } ?? []
        for suffix in suffixes where typeName.hasSuffix(suffix) {
            return String(typeName.dropLast(suffix.count))
        }
        return typeName
    }

    /// The RIB a builder type builds: `DetailBuilder`, `DetailBuildable` → `Detail`; nil for any other name.
    static func built(by builder: String) -> String? {
        for suffix in ["Buildable", "Builder"] where builder.hasSuffix(suffix) && builder.count > suffix.count {
            return String(builder.dropLast(suffix.count))
        }
        return nil
    }

    /// Whether a builder's method of this name builds its RIB: `build`, or `build` and a capital
    /// (`buildSingleSelect(withListener:)`, a builder's second entry point); not `buildable` or `building`.
    static func isBuildMethod(_ name: String) -> Bool {
        name == "build" || (name.hasPrefix("build") && name.dropFirst(5).first?.isUppercase == true)
    }

    /// `Detail.Routing`: a module that names its RIB protocols by role alone is the RIB, so the name reads
    /// `DetailRouting`; any other qualified name is its last component.
    static func qualified(_ components: [String]) -> String? {
        guard let last = components.last else { return nil }
        if components.count > 1, ProtocolRole(protocolName: last)?.suffix == last || last == "Router" {
            return components[components.count - 2] + last
        }
        return last
    }

    /// An app's own view controller type (not UIKit's): `DetailViewController`, not `UINavigationController`.
    static func isAppViewController(_ name: String) -> Bool {
        guard name.hasSuffix("ViewController"), name != "ViewController", name.first?.isUppercase == true else {
            return false
        }
        return !isUIKit(name) && !isPlatformViewController(name)
    }

    /// The prefixes of Apple's frameworks that ship view controllers: SafariServices' `SFSafariViewController`,
    /// MessageUI's `MFMailComposeViewController`, StoreKit, AVKit, PhotosUI, ContactsUI, EventKitUI, GameKit, PassKit,
    /// VisionKit, MultipeerConnectivity, IntentsUI, TVUIKit, NotificationCenter, QuickLook, AddressBookUI.
    static let platformPrefixes = ["SF", "MF", "SK", "AV", "PH", "CN", "EK", "GK", "PK", "VN", "MC", "INUI", "TV", "NC", "QL", "AB"]

    /// A view controller class of one of Apple's frameworks by its prefix, a capitalised word after it and its suffix
    /// (`SFSafariViewController`); a name only, so a rule that can ask the project's types lets a class the app
    /// declares under such a name count as the app's.
    static func isPlatformViewController(_ name: String) -> Bool {
        name.hasSuffix("ViewController") && platformPrefixes.contains { prefix in
            guard name.hasPrefix(prefix) else { return false }
            let rest = name.dropFirst(prefix.count)
            return rest.first?.isUppercase == true && rest.dropFirst().first?.isLowercase == true
        }
    }

    /// `UI` followed by an upper-case letter: a UIKit type.
    static func isUIKit(_ name: String) -> Bool {
        let characters = Array(name.prefix(3))
        return characters.count == 3 && characters[0] == "U" && characters[1] == "I" && characters[2].isUppercase
    }
}
