// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Arbor",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "arbor", targets: ["arbor"]),
        .library(name: "ArborCore", targets: ["ArborCore"]),
        .library(name: "ArborKit", targets: ["ArborKit"]),
        .library(name: "ArborPath", targets: ["ArborPath"]),
    ],
    dependencies: [
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CNcurses",
            pkgConfig: "ncursesw",
            providers: [.apt(["libncurses-dev"]), .brew(["ncurses"])]
        ),
        .systemLibrary(name: "CLibpq"),
        .systemLibrary(name: "CLibarchive"),
        .systemLibrary(
            name: "CYAML",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]
        ),
        .systemLibrary(
            name: "CFYAML",
            pkgConfig: "libfyaml",
            providers: [.apt(["libfyaml-dev"]), .brew(["libfyaml"])]
        ),
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]
        ),
        .systemLibrary(
            name: "CLibxml2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"]), .brew(["libxml2"])]
        ),
        .systemLibrary(
            name: "CLZ4",
            pkgConfig: "liblz4",
            providers: [.apt(["liblz4-dev"]), .brew(["lz4"])]
        ),
        .target(name: "CJSONScan"),
        .target(name: "CYAMLBlock", dependencies: ["CFileLease", "CJSONScan"]),
        .target(name: "CYAMLEvents", dependencies: ["CFYAML", "CYAML", "CYAMLBlock"]),
        .target(name: "CFileLease"),
        .target(name: "CBuildInfo"),
        .target(name: "ArborPath"),
        .target(name: "ArborCore", dependencies: ["ArborPath", "CLZ4"]),
        .target(
            name: "ArborSources",
            dependencies: [
                "ArborCore", "CJSONScan", "CYAMLBlock", "CFileLease", "CLibarchive", "CLibpq", "CLibxml2", "CSQLite", "CYAMLEvents",
            ]
        ),
        .target(name: "ArborTUI", dependencies: ["ArborCore", "ArborPath", "CNcurses"]),
        .target(name: "ArborKit", dependencies: ["ArborCore", "ArborTUI"]),
        .target(name: "ArborCommandLine"),
        .target(
            name: "ArborConfig",
            dependencies: ["ArborCore", "ArborSources", "ArborTUI"]
        ),
        .executableTarget(
            name: "arbor",
            dependencies: [
                "ArborCore", "ArborSources", "ArborTUI", "ArborConfig", "ArborCommandLine", "ArborKit", "ArborPath", "CBuildInfo",
            ]
        ),
        .executableTarget(
            name: "ArborFuzz",
            dependencies: ["ArborCore", "ArborSources", "ArborTUI", "ArborConfig", "ArborCommandLine", "ArborPath"]
        ),
        .testTarget(name: "ArborCoreTests", dependencies: ["ArborCore"]),
        .testTarget(
            name: "ArborSourcesTests",
            dependencies: ["ArborSources", "ArborCore", "ArborPath"],
            exclude: ["Snapshots", "TOMLCompliance", "YAMLCompliance"]
        ),
        .testTarget(
            name: "ArborTUITests",
            dependencies: ["ArborTUI", "ArborCore", "ArborSources", "ArborKit"],
            exclude: ["Snapshots"]
        ),
        .testTarget(name: "ArborPathTests", dependencies: ["ArborPath"], exclude: ["Compliance"]),
        .testTarget(name: "ArborCommandLineTests", dependencies: ["ArborCommandLine"]),
        .testTarget(name: "ArborConfigTests", dependencies: ["ArborConfig", "ArborTUI", "ArborCore"]),
        .testTarget(name: "EndToEndTests", dependencies: []),
    ],
    swiftLanguageModes: [.v6]
)
