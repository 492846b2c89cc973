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

    /// Calls `emit` with each line's bytes (no line end), top first. Each item is asked of the source once: the
    /// listing of its parent gives its content, and the walk carries the path of titles.
    public func print(_ source: any HierarchySource, emit: ([UInt8]) throws -> Void) async throws {
        guard let root = try await source.root() else { return }
        var stack: [Entry] = []
        if root.isVirtual {
            for item in try await source.children(of: root.id).reversed() { stack.append(Entry(item: item)) }
        } else {
            stack.append(Entry(item: try await source.item(root.id)))
        }
        let keepsTitles = formatter.needsTitlePath
        while let entry = stack.popLast() {
            let titles = keepsTitles ? entry.parentTitles + [entry.item.content.title] : []
            try emit(Array(entry.prefix.utf8) + formatter.record(for: entry.item, titlePath: titles))
            if let depth, entry.level >= depth { continue }
            if entry.item.childCount == 0 { continue }
            let children = try await source.children(of: entry.item.id)
            for (position, child) in children.enumerated().reversed() {
                let isLast = position == children.count - 1
                stack.append(Entry(
                    item: child, prefix: entry.childPrefix + (isLast ? guides.last : guides.branch),
                    childPrefix: entry.childPrefix + (isLast ? guides.blank : guides.pipe), level: entry.level + 1,
                    parentTitles: titles))
            }
        }
    }

    /// Calls `emit` with each line of a tree the source walks itself, as its rows come: the guides are drawn
    /// from each row's level and whether it is the last of its siblings.
    public func print(_ source: any StreamingQueries, emit: ([UInt8]) throws -> Void) throws {
        var lastAtLevel: [Bool] = []
        var titles: [String] = []
        let keepsTitles = formatter.needsTitlePath
        try source.streamTree(depth: depth) { row in
            let level = min(row.level, lastAtLevel.count)
            lastAtLevel.removeSubrange(level...)
            titles.removeSubrange(min(level, titles.count)...)
            var prefix = ""
            if level > 0 {
                for above in lastAtLevel.dropFirst() { prefix += above ? guides.blank : guides.pipe }
                prefix += row.isLast ? guides.last : guides.branch
            }
            lastAtLevel.append(row.isLast)
            if keepsTitles { titles.append(row.item.content.title) }
            try emit(Array(prefix.utf8) + formatter.record(for: row.item, titlePath: titles))
            return true
        }
    }

    /// An item waiting to be printed, with its guides and the titles above it.
    private struct Entry {
        var item: SourceItem
        var prefix = ""
        var childPrefix = ""
        var level = 0
        var parentTitles: [String] = []
    }
}
