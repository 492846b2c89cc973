import ArborCore
import ArborPath

/// Lists a hierarchy as an indented tree with guides, depth first, without recursion.
package struct TreePrinter: Sendable {
    /// What each line shows.
    package var formatter: ItemFormatter
    /// How many levels below the top to print, or nil for all.
    package var depth: Int?
    /// ASCII guides (`|--`) instead of box drawing (`├──`).
    package var ascii: Bool

    /// Creates a printer.
    package init(formatter: ItemFormatter, depth: Int? = nil, ascii: Bool = false) {
        self.formatter = formatter
        self.depth = depth
        self.ascii = ascii
    }

    private var guides: (branch: String, last: String, pipe: String, blank: String) {
        ascii ? ("|-- ", "`-- ", "|   ", "    ") : ("├── ", "└── ", "│   ", "    ")
    }

    /// Calls `emit` with each line's bytes (no line end), top first. Each item is asked of the source once: the
    /// listing of its parent gives its content, and the walk carries the path of titles. A source that pages
    /// its children is read a page at a time, so a long list is never held whole.
    ///
    /// An item whose children cannot be read (a file inside a directory that does not parse) gets one child line
    /// saying why, and `problem` hears it; the walk goes on. So does an item ``JSONPath/depthLimit`` levels
    /// below the top that holds more: its children are not printed, and `problem` hears of the first such item.
    package func print(_ source: any HierarchySource, problem: (String) -> Void = { _ in },
                       emit: ([UInt8]) throws -> Void) async throws {
        guard let root = try await source.root() else { return }
        var stack: [Pending] = []
        if root.isVirtual {
            let top = Entry(item: SourceItem(id: root.id, content: ItemContent(title: ""), childCount: nil))
            try await pushChildren(of: root.id, below: top, titles: [], from: 0, count: nil, source: source, onto: &stack, top: true)
        } else {
            stack.append(.item(Entry(item: try await source.item(root.id))))
        }
        let keepsTitles = formatter.needsTitlePath
        /// The ids of the items last printed at each level: the path to the one printed last.
        var path: [String] = []
        var saidTooDeep = false
        while let pending = stack.popLast() {
            switch pending {
            case .page(let parent, let titles, let start, let count, let top):
                try await pushChildren(of: parent.item.id, below: parent, titles: titles, from: start, count: count,
                                       source: source, onto: &stack, top: top)
            case .item(let entry):
                let titles = keepsTitles ? entry.parentTitles + [entry.item.content.title] : []
                let item = formatter.field == .json ? await WholeFields.of(entry.item, in: source) : entry.item
                try emit(Array(entry.prefix.utf8) + formatter.record(for: item, titlePath: titles))
                path.removeSubrange(min(entry.level, path.count)...)
                // An item among its own ancestors (commands can name one) is printed once, not entered again.
                let isCycle = path.contains(entry.item.id)
                path.append(entry.item.id)
                if let depth, entry.level >= depth { continue }
                if entry.item.childCount == 0 || isCycle { continue }
                if entry.level >= JSONPath.depthLimit {
                    let message = "values nested more than \(JSONPath.depthLimit) deep: print goes no deeper"
                    if !saidTooDeep { problem(message + " (below \(Self.named(entry.item)))") }
                    saidTooDeep = true
                    stack.append(.item(Entry(failure: message, below: entry, titles: titles, guides: guides)))
                    continue
                }
                do {
                    try await pushChildren(of: entry.item.id, below: entry, titles: titles, from: 0, count: entry.item.childCount,
                                           source: source, onto: &stack, top: false)
                } catch let error as SourceError where !error.isCancellation {
                    problem(error.message)
                    stack.append(.item(Entry(failure: error.message, below: entry, titles: titles, guides: guides)))
                }
            }
        }
    }

    /// Children printed from one request.
    static let pageSize = 1000

    /// Puts the children of `id` from `start` on the stack, last first: all of them, or one page with what
    /// follows it when the list is known to be long (a source that pages its children), or when the source
    /// counts its lists by reading them (``CountedListings``: asked once for the count and the first page).
    private func pushChildren(of id: String, below parent: Entry, titles: [String], from start: Int, count known: Int?,
                              source: any HierarchySource, onto stack: inout [Pending], top: Bool) async throws {
        var children: [SourceItem]
        var count: Int
        if start == 0, FormatCapabilities(of: source).countsByReading, let paged = try await source.pagedChildren(of: id) {
            (children, count) = (paged.first, paged.count)
        } else if source.pagesChildren, let total = known, total > Self.pageSize || start > 0 {
            count = total
            children = try await source.children(of: id, in: start..<min(total, start + Self.pageSize))
        } else {
            children = try await source.children(of: id)
            count = children.count
        }
        if start + children.count < count, !children.isEmpty {
            stack.append(.page(parent: parent, titles: titles, start: start + children.count, count: count, top: top))
        }
        for (offset, child) in children.enumerated().reversed() {
            let isLast = start + offset == count - 1
            if top {
                stack.append(.item(Entry(item: child)))
                continue
            }
            stack.append(.item(Entry(
                item: child, prefix: parent.childPrefix + (isLast ? guides.last : guides.branch),
                childPrefix: parent.childPrefix + (isLast ? guides.blank : guides.pipe), level: parent.level + 1,
                parentTitles: titles)))
        }
    }

    /// What is left to print: an item, or the rest of a list read a page at a time.
    private enum Pending {
        case item(Entry)
        case page(parent: Entry, titles: [String], start: Int, count: Int, top: Bool)
    }

    /// Calls `emit` with each line of a tree the source walks itself, as its rows come: the guides are drawn
    /// from each row's level and whether it is the last of its siblings.
    package func print(_ source: any StreamingQueries, emit: ([UInt8]) throws -> Void) throws {
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

    /// An item named in a message: its id (the end of a long one), or its title when it has no id.
    private static func named(_ item: SourceItem) -> String {
        let name = item.id.isEmpty ? item.content.title : item.id
        return InertText.escaped(name.count > 60 ? "…" + name.suffix(59) : name)
    }

    /// An item waiting to be printed, with its guides and the titles above it.
    private struct Entry {
        var item: SourceItem
        var prefix = ""
        var childPrefix = ""
        var level = 0
        var parentTitles: [String] = []

        init(item: SourceItem, prefix: String = "", childPrefix: String = "", level: Int = 0, parentTitles: [String] = []) {
            (self.item, self.prefix, self.childPrefix, self.level, self.parentTitles) = (item, prefix, childPrefix, level, parentTitles)
        }

        /// The one line under `parent` saying why its children are not printed.
        init(failure message: String, below parent: Entry, titles: [String], guides: (branch: String, last: String, pipe: String, blank: String)) {
            self.init(item: SourceItem(id: "", content: ItemContent(title: "⚠ " + message), childCount: 0),
                      prefix: parent.childPrefix + guides.last, childPrefix: parent.childPrefix + guides.blank,
                      level: parent.level + 1, parentTitles: titles)
        }
    }
}

/// A source whose lists are counted by reading them (the output of a command), which keeps a long one so that
/// its pages are then read at no cost: printed through ``HierarchySource/pagedChildren(of:)`` whatever the
/// list's length, never read whole.
protocol CountedListings {}
