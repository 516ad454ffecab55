// swift-tools-version:6.1
import PackageDescription

// An app on the library's public API only, as a project of your own would use it: it depends on
// the library by path (by URL and version in yours). Its accounts live in SQLite through GRDB,
// its passwords are hashed with scrypt from swift-crypto's _CryptoExtras.
let package = Package(
    name: "Notes",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "WebNavigation", path: "../..", traits: []),
        .package(url: "https://github.com/apple/swift-crypto.git", from: "3.12.3"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
        .package(url: "https://github.com/groue/GRDB.swift.git", from: "7.10.0"),
    ],
    targets: [
        .target(
            name: "NotesApp",
            dependencies: [
                .product(name: "Navigation", package: "WebNavigation"),
                .product(name: "NavigationHTML", package: "WebNavigation"),
                .product(name: "MicroHTTP", package: "WebNavigation"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "_CryptoExtras", package: "swift-crypto"),
                .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
        .executableTarget(
            name: "notes",
            dependencies: ["NotesApp", .product(name: "ServiceLifecycle", package: "swift-service-lifecycle")]
        ),
        .testTarget(
            name: "NotesAppTests",
            dependencies: ["NotesApp", .product(name: "NavigationTesting", package: "WebNavigation")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
