// swift-tools-version:6.1
import PackageDescription

// An app on the library's public API only, as a project of your own would use it: it depends on
// the library by path (by URL and version in yours).
let package = Package(
    name: "Notes",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "WebNavigation", path: "../.."),
    ],
    targets: [
        .target(
            name: "NotesApp",
            dependencies: [
                .product(name: "Navigation", package: "WebNavigation"),
                .product(name: "NavigationHTML", package: "WebNavigation"),
                .product(name: "MicroHTTP", package: "WebNavigation"),
            ]
        ),
        .executableTarget(name: "notes", dependencies: ["NotesApp"]),
        .testTarget(name: "NotesAppTests", dependencies: ["NotesApp"]),
    ],
    swiftLanguageModes: [.v6]
)
