// swift-tools-version:6.1
import PackageDescription

// The whole files that the documentation shows (README.md and the DocC articles mark each with
// `<!-- file: PATH -->`; scripts/check-readme-examples holds each copy to its file), compiled
// here against the library's public API, as a project of your own would use it.
let package = Package(
    name: "Snippets",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "WebNavigation", path: "../..", traits: []),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
    ],
    targets: [
        .executableTarget(
            name: "Shelf",
            dependencies: [
                .product(name: "Navigation", package: "WebNavigation"),
                .product(name: "NavigationHTML", package: "WebNavigation"),
                .product(name: "MicroHTTP", package: "WebNavigation"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
