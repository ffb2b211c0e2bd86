// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "ribslint",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "ribslint", targets: ["ribslint"]),
        .library(name: "RibsLintKit", targets: ["RibsLintKit"]),
        .plugin(name: "RibsLintBuildToolPlugin", targets: ["RibsLintBuildToolPlugin"]),
        .plugin(name: "RibsLintCommandPlugin", targets: ["RibsLintCommandPlugin"]),
        .plugin(name: "RibsLintFixPlugin", targets: ["RibsLintFixPlugin"]),
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
        .testTarget(
            name: "RibsLintTests",
            dependencies: ["RibsLintKit", "RibsLintRules", "ribslint"],
            exclude: ["Golden", "Snapshots"]
        ),
    ]
)
