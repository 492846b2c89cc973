// swift-tools-version:6.0
import PackageDescription

// A program of its own that presents Arbor's picker over its own hierarchy, built against this checkout.
let package = Package(
    name: "TaskBoard",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "Arbor", path: "../../.."),
    ],
    targets: [
        .executableTarget(
            name: "task-board",
            dependencies: [.product(name: "ArborKit", package: "Arbor")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
