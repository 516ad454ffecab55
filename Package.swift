// swift-tools-version:6.2
import PackageDescription

// scripts/tsan builds with WEBNAVIGATION_SANITIZER=thread in its environment. The package then
// holds only what the sanitizer's suites run and link (the libraries, the demo and its
// executable, the server's and the demo's suites), every one of its targets built with
// ThreadSanitizer (see the end of this file), in the main build folder beside the dependencies as
// the main build compiled them (uninstrumented): a run compiles each dependency once, and the
// suites and tools the sanitizer does not run are not compiled a second time.
let threadSanitizer = Context.environment["WEBNAVIGATION_SANITIZER"] == "thread"

let package = Package(
    name: "WebNavigation",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "Navigation", targets: ["Navigation"]),
        .library(name: "MicroHTTP", targets: ["MicroHTTP"]),
        .library(name: "NavigationHTML", targets: ["NavigationHTML"]),
        .library(name: "HTMLTemplates", targets: ["HTMLTemplates"]),
        .library(name: "NavigationTesting", targets: ["NavigationTesting"]),
        .executable(name: "navigation-demo", targets: ["NavigationDemo"]),
        .executable(name: "phase-benchmark", targets: ["PhaseBenchmark"]),
    ],
    // An app that depends on the library names its products and disables these traits
    // (`.package(url: …, from: …, traits: [])`): SwiftPM then leaves out every dependency that
    // only the demo uses (SE-0450), so the app resolves, checks out and builds the library's
    // own dependencies and nothing else. This package's own targets need `Demo` to build.
    traits: [
        // The demo app, its tools and their dependencies (GRDB, swift-argument-parser, swift-prometheus).
        .trait(name: "Demo", description: "The demo app, its benchmark, fuzzer and tests (SQLite through GRDB)."),
        // The demo's PostgreSQL store (postgres-nio, and SwiftNIO under it). On by default;
        // `--traits Demo` builds the demo on SQLite alone, in a fraction of the time (the
        // fuzzing build of scripts/fuzz does).
        .trait(name: "PostgreSQL", description: "The demo can keep its data in PostgreSQL (--database).",
               enabledTraits: ["Demo"]),
        .default(enabledTraits: ["Demo", "PostgreSQL"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-crypto.git", from: "3.12.3"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-metrics.git", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus.git", from: "2.4.1"),
        .package(url: "https://github.com/groue/GRDB.swift.git", from: "7.10.0"),
        .package(url: "https://github.com/vapor/postgres-nio.git", from: "1.33.2"),
        // The PostgreSQL store runs a page on its connection's event loop (NIOCore's `EventLoop`);
        // postgres-nio brings the package anyway.
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
        // `swift package generate-documentation` (scripts/docs): the DocC catalogs of Navigation
        // and NavigationHTML. A plugin only; nothing of it is linked.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CMicroHTTPD",
            pkgConfig: "libmicrohttpd",
            providers: [.apt(["libmicrohttpd-dev"]), .brew(["libmicrohttpd"])]
        ),
        // The demo's memory allocator on Linux (see NavigationDemo): glibc's malloc took its slow
        // paths under load, and a page cost 2 to 9 % more CPU with it (docs/performance.md).
        .systemLibrary(name: "CMimalloc", providers: [.apt(["libmimalloc-dev"])]),
        .target(
            name: "MicroHTTP",
            dependencies: [
                "CMicroHTTPD",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "CoreMetrics", package: "swift-metrics"),
            ]
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
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "CoreMetrics", package: "swift-metrics"),
            ],
            plugins: ["EmbedLibraryAssets"]
        ),
        // The library's templates, stylesheet, script and icons, from the top-level Templates/navigation
        // and Public folders, built into NavigationHTML (see LibraryAssets).
        .plugin(name: "EmbedLibraryAssets", capability: .buildTool(), dependencies: ["AssetEmbedder"]),
        .executableTarget(name: "AssetEmbedder"),
        // The demo's navigation schema (routes, tabs, destinations): values only, so the cookie
        // fuzzer builds it without the app, its templates and its databases.
        .target(name: "DemoSchema", dependencies: ["Navigation"]),
        .target(
            name: "DemoApp",
            dependencies: [
                "DemoSchema", "Navigation", "NavigationHTML", "MicroHTTP",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "GRDB", package: "GRDB.swift", condition: .when(traits: ["Demo"])),
                .product(name: "PostgresNIO", package: "postgres-nio", condition: .when(traits: ["PostgreSQL"])),
                .product(name: "NIOCore", package: "swift-nio", condition: .when(traits: ["PostgreSQL"])),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "CoreMetrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus", condition: .when(traits: ["Demo"])),
            ]
        ),
        .executableTarget(
            name: "NavigationDemo",
            dependencies: [
                "DemoApp", "MicroHTTP",
                .target(name: "CMimalloc", condition: .when(platforms: [.linux])),
                .product(name: "ArgumentParser", package: "swift-argument-parser", condition: .when(traits: ["Demo"])),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),
        // The in-process micro-benchmark of a request's phases (`scripts/bench` runs it too).
        .executableTarget(
            name: "PhaseBenchmark",
            dependencies: [
                "DemoApp", "Navigation", "NavigationHTML", "MicroHTTP",
                // The server's allocator, so that a phase costs what it costs in the server.
                .target(name: "CMimalloc", condition: .when(platforms: [.linux])),
            ]
        ),
        // libFuzzer's target over the cookie decoder (`scripts/fuzz`); a corpus replayer otherwise.
        .executableTarget(
            name: "CookieFuzzer",
            dependencies: ["DemoSchema", "Navigation"],
            path: "Sources/CookieFuzzer"
        ),
        // The whole files the documentation shows (Examples/Snippets, which is also a package of its
        // own), compiled with the library's, so that a change of API that breaks them fails the build.
        .executableTarget(name: "Shelf", dependencies: ["NavigationHTML"], path: "Examples/Snippets/Sources/Shelf"),
        .testTarget(name: "ShelfTests", dependencies: ["Shelf", "NavigationTesting"], path: "Examples/Snippets/Tests/ShelfTests"),
        // The test kit for apps' own tests: their app on a free port (or in process), and a client
        // that browses it as a browser would.
        .target(
            name: "NavigationTesting",
            dependencies: ["Navigation", "NavigationHTML", "MicroHTTP"]
        ),
        .target(
            name: "HTTPTestSupport", dependencies: ["MicroHTTP", .product(name: "Logging", package: "swift-log")],
            path: "Tests/HTTPTestSupport"),
        .testTarget(
            name: "MicroHTTPTests",
            dependencies: [
                "MicroHTTP", "HTTPTestSupport",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "MetricsTestKit", package: "swift-metrics"),
            ]
        ),
        .testTarget(name: "NavigationTests", dependencies: ["Navigation", "HTTPTestSupport"]),
        .testTarget(name: "HTMLTemplatesTests", dependencies: ["HTMLTemplates"]),
        .testTarget(
            name: "NavigationHTMLTests",
            dependencies: ["NavigationHTML", "Navigation", "MicroHTTP", .product(name: "Logging", package: "swift-log")]
        ),
        .testTarget(
            name: "NavigationTestingTests",
            dependencies: [
                "NavigationTesting", "NavigationHTML", "Navigation", "MicroHTTP",
                .product(name: "MetricsTestKit", package: "swift-metrics"),
            ]
        ),
        .testTarget(
            name: "DemoAppTests",
            dependencies: [
                "DemoApp", "NavigationHTML", "Navigation", "MicroHTTP", "HTTPTestSupport",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "MetricsTestKit", package: "swift-metrics"),
                .product(name: "GRDB", package: "GRDB.swift", condition: .when(traits: ["Demo"])),
                .product(name: "PostgresNIO", package: "postgres-nio", condition: .when(traits: ["PostgreSQL"])),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)

// A file sees the members other modules' extensions add only when it imports that module
// (SE-0444). Without it, Foundation imported by one file of a module lent its overloads to every
// other: `firstRange(of:)` on bytes resolved to `DataProtocol`'s generic search in a file that
// never imported Foundation, and cost every page a twentieth of its CPU. Not the examples: they
// build as a newcomer's package does, with the language's defaults.
for target in package.targets where target.type != .plugin && target.type != .system && target.path?.hasPrefix("Examples/") != true {
    target.swiftSettings = (target.swiftSettings ?? []) + [.enableUpcomingFeature("MemberImportVisibility")]
}

if threadSanitizer {
    // Neither run nor linked by DemoAppTests and MicroHTTPTests, the suites scripts/tsan runs.
    let notRun: Set = [
        "NavigationTesting", "NavigationTests", "HTMLTemplatesTests", "NavigationHTMLTests", "NavigationTestingTests",
        "Shelf", "ShelfTests", "PhaseBenchmark", "CookieFuzzer",
    ]
    package.targets.removeAll { notRun.contains($0.name) }
    // The sanitizer's allocator stands in for malloc: no other beside it.
    for target in package.targets {
        target.dependencies.removeAll {
            if case .targetItem(name: "CMimalloc", _) = $0 { return true }
            return false
        }
    }
    package.targets.removeAll { $0.name == "CMimalloc" }
    package.products.removeAll { ["NavigationTesting", "phase-benchmark"].contains($0.name) }
    // Not the build tool AssetEmbedder, which runs during the build. The linker flag brings in the
    // sanitizer's runtime wherever an instrumented target is linked.
    for target in package.targets where target.type != .plugin && target.type != .system && target.name != "AssetEmbedder" {
        target.swiftSettings = (target.swiftSettings ?? []) + [.unsafeFlags(["-sanitize=thread"]), .define("ThreadSanitizer")]
        target.linkerSettings = (target.linkerSettings ?? []) + [.unsafeFlags(["-sanitize=thread"])]
    }
}
