// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "WebNavigation",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "Navigation", targets: ["Navigation"]),
        .library(name: "MicroHTTP", targets: ["MicroHTTP"]),
        .library(name: "NavigationHTML", targets: ["NavigationHTML"]),
        .library(name: "HTMLTemplates", targets: ["HTMLTemplates"]),
        .executable(name: "navigation-demo", targets: ["NavigationDemo"]),
        .executable(name: "phase-benchmark", targets: ["PhaseBenchmark"]),
    ],
    traits: [
        // The demo's PostgreSQL store (postgres-nio, and SwiftNIO under it). On by default;
        // `--disable-default-traits` builds the demo on SQLite alone, in a fraction of the time
        // (the sanitizer and fuzzing builds of scripts/tsan and scripts/fuzz do).
        .trait(name: "PostgreSQL", description: "The demo can keep its data in PostgreSQL (--database)."),
        .default(enabledTraits: ["PostgreSQL"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-crypto.git", from: "3.12.3"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/groue/GRDB.swift.git", from: "7.10.0"),
        .package(url: "https://github.com/vapor/postgres-nio.git", from: "1.33.2"),
        // `swift package generate-documentation` (scripts/docs): the DocC catalogs of Navigation
        // and NavigationHTML. A plugin only; nothing of it is linked.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CMicroHTTPD",
            pkgConfig: "libmicrohttpd",
            providers: [.apt(["libmicrohttpd-dev"])]
        ),
        .target(
            name: "MicroHTTP",
            dependencies: ["CMicroHTTPD"]
        ),
        .target(
            name: "Navigation",
            dependencies: [.product(name: "Crypto", package: "swift-crypto")]
        ),
        // Mustache templates compiled at start-up, rendered into bytes.
        .target(name: "HTMLTemplates"),
        .target(
            name: "NavigationHTML",
            dependencies: [
                "Navigation", "MicroHTTP", "HTMLTemplates",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // The demo's navigation schema (routes, tabs, destinations): values only, so the cookie
        // fuzzer builds it without the app, its templates and its databases.
        .target(name: "DemoSchema", dependencies: ["Navigation"]),
        .target(
            name: "DemoApp",
            dependencies: [
                "DemoSchema", "Navigation", "NavigationHTML", "MicroHTTP",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "PostgresNIO", package: "postgres-nio", condition: .when(traits: ["PostgreSQL"])),
            ]
        ),
        .executableTarget(
            name: "NavigationDemo",
            dependencies: [
                "DemoApp", "MicroHTTP",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // The in-process micro-benchmark of a request's phases (`scripts/bench` runs it too).
        .executableTarget(
            name: "PhaseBenchmark",
            dependencies: ["DemoApp", "Navigation", "NavigationHTML", "MicroHTTP"]
        ),
        // libFuzzer's target over the cookie decoder (`scripts/fuzz`); a corpus replayer otherwise.
        .executableTarget(
            name: "CookieFuzzer",
            dependencies: ["DemoSchema", "Navigation"],
            path: "Sources/CookieFuzzer"
        ),
        .target(name: "HTTPTestSupport", path: "Tests/HTTPTestSupport"),
        .testTarget(name: "MicroHTTPTests", dependencies: ["MicroHTTP", "HTTPTestSupport"]),
        .testTarget(name: "NavigationTests", dependencies: ["Navigation", "HTTPTestSupport"]),
        .testTarget(name: "HTMLTemplatesTests", dependencies: ["HTMLTemplates"]),
        .testTarget(
            name: "NavigationHTMLTests",
            dependencies: ["NavigationHTML", "Navigation", "MicroHTTP", .product(name: "Logging", package: "swift-log")]
        ),
        .testTarget(
            name: "DemoAppTests",
            dependencies: [
                "DemoApp", "NavigationHTML", "Navigation", "MicroHTTP", "HTTPTestSupport",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "PostgresNIO", package: "postgres-nio", condition: .when(traits: ["PostgreSQL"])),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
