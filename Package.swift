// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "ribslint",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "ribslint", targets: ["ribslint"]),
        .library(name: "RibsLintKit", targets: ["RibsLintKit"]),
    ],
    dependencies: [
        .package(url: "https://github.com/swiftlang/swift-syntax", exact: "603.0.1"),
        .package(url: "https://github.com/jpsim/Yams", exact: "6.2.2"),
        .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2"),
    ],
    targets: [
        .target(
            name: "RibsLintKit",
            dependencies: [
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
                .product(name: "SwiftParserDiagnostics", package: "swift-syntax"),
                .product(name: "Yams", package: "Yams"),
            ]
        ),
        .target(
            name: "RibsLintRules",
            dependencies: ["RibsLintKit"],
            path: "Rules"
        ),
        .executableTarget(
            name: "ribslint",
            dependencies: [
                "RibsLintKit",
                "RibsLintRules",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(
            name: "ribslint-parse-floor",
            dependencies: [
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
            ],
            path: "Benchmarks/ParseFloor"
        ),
        .executableTarget(
            name: "ribslint-fuzz",
            dependencies: ["RibsLintKit", "RibsLintRules"],
            path: "Fuzz",
            exclude: ["fuzz.sh", "mutate.py", "corpus", "artifacts"]
        ),
        .testTarget(
            name: "RibsLintTests",
            dependencies: ["RibsLintKit", "RibsLintRules", "ribslint"],
            exclude: ["Golden", "Snapshots"]
        ),
    ]
)

// The plugins: `swift build` with a ribslint step, `swift package ribslint` and `swift package ribslint-fix`.
// `RIBSLINT_NO_PLUGINS=1 swift test` leaves them out of a contributor's build: SwiftPM builds a second, host copy of
// every module a plugin's tool needs (swift-syntax too; swiftlang/swift-package-manager#8275), which makes a clean
// debug build take 424 s instead of 259 s on two cores. CI sets it for its build and tests, and checks the plugins
// from a sample package.
if Context.environment["RIBSLINT_NO_PLUGINS"] == nil {
    package.products += [
        .plugin(name: "RibsLintBuildToolPlugin", targets: ["RibsLintBuildToolPlugin"]),
        .plugin(name: "RibsLintCommandPlugin", targets: ["RibsLintCommandPlugin"]),
        .plugin(name: "RibsLintFixPlugin", targets: ["RibsLintFixPlugin"]),
    ]
    package.targets += [
        .plugin(
            name: "RibsLintBuildToolPlugin",
            capability: .buildTool(),
            dependencies: ["ribslint"]
        ),
        .plugin(
            name: "RibsLintCommandPlugin",
            capability: .command(intent: .custom(verb: "ribslint", description: "Lint the package's Swift targets with ribslint")),
            dependencies: ["ribslint"]
        ),
        .plugin(
            name: "RibsLintFixPlugin",
            capability: .command(
                intent: .custom(verb: "ribslint-fix", description: "Fix what ribslint --fix can in the package's Swift targets"),
                permissions: [.writeToPackageDirectory(reason: "ribslint --fix rewrites the Swift files it fixes")]
            ),
            dependencies: ["ribslint"]
        ),
    ]
}
