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
    ],
    targets: [
        .executableTarget(
            name: "Shelf",
            dependencies: [.product(name: "NavigationHTML", package: "WebNavigation")]
        ),
        .testTarget(
            name: "ShelfTests",
            dependencies: ["Shelf", .product(name: "NavigationTesting", package: "WebNavigation")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
