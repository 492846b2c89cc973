// swift-tools-version:6.0
import PackageDescription

// Two programs of their own presenting Arbor's browser over their own hierarchies, built against this checkout:
// a team's task board, and the machine's processes live with their own cells and a kill action on the marks.
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
        .executableTarget(
            name: "process-tree",
            dependencies: [.product(name: "ArborKit", package: "Arbor")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
