import ArborCore

/// Lists a hierarchy as an indented tree with guides, depth first, without recursion.
public struct TreePrinter: Sendable {
    /// What each line shows.
    public var formatter: ItemFormatter
    /// How many levels below the top to print, or nil for all.
    public var depth: Int?
    /// ASCII guides (`|--`) instead of box drawing (`├──`).
    public var ascii: Bool

    /// Creates a printer.
    public init(formatter: ItemFormatter, depth: Int? = nil, ascii: Bool = false) {
        self.formatter = formatter
        self.depth = depth
        self.ascii = ascii
    }

    private var guides: (branch: String, last: String, pipe: String, blank: String) {
        ascii ? ("|-- ", "`-- ", "|   ", "    ") : ("├── ", "└── ", "│   ", "    ")
    }

    /// Calls `emit` with each line's bytes (no line end), top first.
    public func print(_ source: any HierarchySource, emit: ([UInt8]) throws -> Void) async throws {
        guard let root = try await source.root() else { return }
        var stack: [(id: String, prefix: String, childPrefix: String, level: Int)] = []
        if root.isVirtual {
            let top = try await source.children(of: root.id)
            for item in top.reversed() { stack.append((item.id, "", "", 0)) }
        } else {
            stack.append((root.id, "", "", 0))
        }
        while let entry = stack.popLast() {
            try emit(Array(entry.prefix.utf8) + (try await formatter.record(for: entry.id, in: source)))
            if let depth, entry.level >= depth { continue }
            let children = try await source.children(of: entry.id)
            for (position, child) in children.enumerated().reversed() {
                let isLast = position == children.count - 1
                stack.append((child.id, entry.childPrefix + (isLast ? guides.last : guides.branch),
                              entry.childPrefix + (isLast ? guides.blank : guides.pipe), entry.level + 1))
            }
        }
    }
}
