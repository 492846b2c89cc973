/// A fully loaded hierarchy held in memory: the source behind documents, tables and path lists.
public struct StaticHierarchy: HierarchySource {
    /// One item of the hierarchy with the indexes of its children.
    public struct Node: Sendable {
        /// The item's id, unique within the hierarchy.
        public var id: String
        /// What the item shows.
        public var content: ItemContent
        /// Indexes of the direct children in `nodes`, in order.
        public var children: [Int32]
        /// Index of the parent in `nodes`, or -1 for the root.
        public var parent: Int32

        /// Creates a node.
        public init(id: String, content: ItemContent, children: [Int32] = [], parent: Int32 = -1) {
            self.id = id
            self.content = content
            self.children = children
            self.parent = parent
        }
    }

    /// The name for the header line.
    public let displayName: String
    /// Every node; the parent and child indexes point into this array.
    public let nodes: [Node]
    /// Index of the root node.
    public let rootIndex: Int32
    /// Whether the root stands for a list of top-level items and is not shown.
    public let rootIsVirtual: Bool
    /// Whether the nodes are a document's members (set by what builds them from a document).
    public var isDocument = false
    /// Each node's line in its file (from 1), in the order of `nodes`, when what built them knows it; else empty.
    public var lines: [Int32] = []
    private let indexByID: [ByteKey: Int32]

    /// An id compared and hashed by its UTF-8 bytes: ids are identities, so canonically equivalent but
    /// different bytes are different ids, and hashing skips Unicode normalization.
    private struct ByteKey: Hashable {
        let text: String

        static func == (lhs: ByteKey, rhs: ByteKey) -> Bool { lhs.text.utf8.elementsEqual(rhs.text.utf8) }

        func hash(into hasher: inout Hasher) {
            var text = text
            text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        }
    }

    /// Creates a hierarchy; when ids repeat, the first node with an id is the one found by it.
    public init(displayName: String, nodes: [Node], rootIndex: Int32, rootIsVirtual: Bool) {
        self.displayName = displayName
        self.nodes = nodes
        self.rootIndex = rootIndex
        self.rootIsVirtual = rootIsVirtual
        var index: [ByteKey: Int32] = [:]
        index.reserveCapacity(nodes.count)
        for position in nodes.indices {
            let key = ByteKey(text: nodes[position].id)
            if index[key] == nil { index[key] = Int32(position) }
        }
        self.indexByID = index
    }

    private func node(_ id: String) throws -> Node {
        guard let index = indexByID[ByteKey(text: id)] else { throw SourceError("no item with id '\(id)'") }
        return nodes[Int(index)]
    }

    private func sourceItem(at index: Int32) -> SourceItem {
        let node = nodes[Int(index)]
        return SourceItem(id: node.id, content: node.content, childCount: node.children.count)
    }

    /// The root node, or nil for an empty hierarchy.
    public func root() async throws -> SourceRoot? {
        nodes.isEmpty ? nil : SourceRoot(id: nodes[Int(rootIndex)].id, isVirtual: rootIsVirtual)
    }

    /// The number of children of a node.
    public func numberOfChildren(of id: String) async throws -> Int? {
        try node(id).children.count
    }

    /// The ids of the children of a node in a range (clamped).
    public func childIDs(of id: String, in range: Range<Int>) async throws -> [String] {
        let children = try node(id).children
        let clamped = range.clamped(to: 0..<children.count)
        return clamped.map { nodes[Int(children[$0])].id }
    }

    /// The parent of a node, nil for the root.
    public func parentID(of id: String) async throws -> String? {
        let parent = try node(id).parent
        return parent < 0 ? nil : nodes[Int(parent)].id
    }

    /// The content and child count of a node.
    public func item(_ id: String) async throws -> SourceItem {
        guard let index = indexByID[ByteKey(text: id)] else { throw SourceError("no item with id '\(id)'") }
        return sourceItem(at: index)
    }

    /// Every child of a node with its content.
    public func children(of id: String) async throws -> [SourceItem] {
        try node(id).children.map(sourceItem(at:))
    }

    /// Where a child is among its parent's children, by index.
    public func position(of childID: String, in parentID: String) async throws -> Int? {
        guard let child = indexByID[ByteKey(text: childID)] else { return nil }
        return try node(parentID).children.firstIndex(of: child)
    }

    /// Every node is in memory: a range of children costs what the range costs.
    public var pagesChildren: Bool { true }

    /// The children of a node in a range, with their content.
    public func children(of id: String, in range: Range<Int>) async throws -> [SourceItem] {
        try page(of: id, in: range)
    }

    private func page(of id: String, in range: Range<Int>) throws -> [SourceItem] {
        let children = try node(id).children
        return range.clamped(to: 0..<children.count).map { sourceItem(at: children[$0]) }
    }
}

extension StaticHierarchy: ImmediateChildren {
    /// The children of a node in a range, read at once: every node is in memory.
    public func immediateChildren(of id: String, in range: Range<Int>) throws -> [SourceItem]? {
        try page(of: id, in: range)
    }

    /// A node's item, read at once.
    public func immediateItem(_ id: String) throws -> SourceItem? {
        guard let index = indexByID[ByteKey(text: id)] else { throw SourceError("no item with id '\(id)'") }
        return sourceItem(at: index)
    }
}

extension StaticHierarchy: LocatingItems {
    /// The node's line in its file, when the hierarchy knows its nodes' lines.
    public func location(of id: String) async throws -> ItemLocation {
        guard let index = indexByID[ByteKey(text: id)], Int(index) < lines.count else { return ItemLocation() }
        return ItemLocation(line: Int(lines[Int(index)]))
    }
}
