// swift-tools-version:6.0
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
            dependencies: ["RibsLintKit", "RibsLintRules", "ribslint"]
        ),
    ]
)
