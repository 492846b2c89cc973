import ArborCore

/// A path list held compactly: the input's bytes, and per node a few integers (its segment and line as ranges
/// of those bytes, its parent, its children). Titles and ids are made when asked for, so a list a million lines
/// long, or a path a hundred thousand levels deep, costs memory in proportion to its input.
///
/// A node listed on a line of its own has that line (its exact bytes) as its id; a directory only implied by
/// deeper paths has its normalized path. The first node with an id is the one found by it.
package struct PathTree: HierarchySource {
    package let displayName: String
    let input: [UInt8]
    let separator: UInt8
    /// Per node: its segment and the line that lists it (ranges of `input`), its parent, its child by segment.
    let nodes: PathTreeNodes
    /// The children of node `n` are `childList[childStart[n]..<childStart[n + 1]]`, in order of first appearance.
    let childStart: [Int32], childList: [Int32]
    /// The node shown at the top.
    package let rootIndex: Int32
    /// Whether the top stands for a list of first segments and is not shown.
    package let rootIsVirtual: Bool

    /// How many nodes there are, the top of the list included.
    package var nodeCount: Int { nodes.count }

    init(displayName: String, input: [UInt8], separator: UInt8, nodes: PathTreeNodes) {
        self.displayName = displayName
        self.input = input
        self.separator = separator
        var nodes = nodes
        (childStart, childList) = nodes.finish()
        self.nodes = nodes
        let top = childList[Int(childStart[0])..<Int(childStart[1])]
        if top.count == 1, childStart[Int(top.first!) + 1] > childStart[Int(top.first!)] {
            rootIndex = top.first!
            rootIsVirtual = false
        } else {
            rootIndex = 0
            rootIsVirtual = true
        }
    }

    /// The bytes of a node's id.
    func idBytes(of node: Int32) -> [UInt8] {
        let index = Int(node)
        let start = nodes.lineStart[index], length = Int(nodes.lineLength[index])
        return length >= 0 ? Array(input[start..<(start + length)]) : normalizedPath(of: node)
    }

    /// The node's segments joined by the separator, after the root segment of an absolute path without one.
    func normalizedPath(of node: Int32) -> [UInt8] {
        var chain: [Int32] = []
        var current = node
        while current > 0 {
            chain.append(current)
            current = nodes.parent[Int(current)]
        }
        var path: [UInt8] = []
        for (depth, step) in chain.reversed().enumerated() {
            if depth > 0, path != [separator] { path.append(separator) }
            path += segment(of: step)
        }
        return path
    }

    func segment(of node: Int32) -> ArraySlice<UInt8> {
        let start = nodes.segmentStart[Int(node)]
        return input[start..<(start + Int(nodes.segmentLength[Int(node)]))]
    }

    /// The node with an id: the id's segments followed down from the top, then the id compared with the node's.
    func node(_ id: String) throws -> Int32 {
        let bytes = LosslessText.encode(id)
        let found: Int32? = input.withUnsafeBufferPointer { input in
            bytes.withUnsafeBufferPointer { id in
                var node: Int32 = 0
                for segment in PathListBuilder.segments(id, 0, id.count, separator) {
                    guard let child = nodes.find(node, UnsafeBufferPointer(rebasing: id[segment.start..<(segment.start + segment.length)]), in: input) else { return nil }
                    node = child
                }
                return node
            }
        }
        guard let found, idBytes(of: found) == bytes else { throw SourceError("no item with id '\(id)'") }
        return found
    }

    func children(ofNode node: Int32) -> ArraySlice<Int32> {
        childList[Int(childStart[Int(node)])..<Int(childStart[Int(node) + 1])]
    }

    private func sourceItem(_ node: Int32) -> SourceItem {
        let title = node == 0 ? displayName : LosslessText.decode(segment(of: node))
        return SourceItem(id: LosslessText.decode(idBytes(of: node)), content: ItemContent(title: title),
                          childCount: children(ofNode: node).count)
    }

    package func root() async throws -> SourceRoot? {
        SourceRoot(id: LosslessText.decode(idBytes(of: rootIndex)), isVirtual: rootIsVirtual)
    }

    package func numberOfChildren(of id: String) async throws -> Int? {
        children(ofNode: try node(id)).count
    }

    package func childIDs(of id: String, in range: Range<Int>) async throws -> [String] {
        let children = children(ofNode: try node(id))
        let clamped = range.clamped(to: 0..<children.count)
        return clamped.map { LosslessText.decode(idBytes(of: children[children.startIndex + $0])) }
    }

    package func parentID(of id: String) async throws -> String? {
        let node = try node(id)
        guard node != rootIndex, node != 0 else { return nil }
        return LosslessText.decode(idBytes(of: nodes.parent[Int(node)]))
    }

    package func item(_ id: String) async throws -> SourceItem {
        sourceItem(try node(id))
    }

    package func children(of id: String) async throws -> [SourceItem] {
        children(ofNode: try node(id)).map(sourceItem)
    }

    package func position(of childID: String, in parentID: String) async throws -> Int? {
        guard let child = try? node(childID) else { return nil }
        let children = children(ofNode: try node(parentID))
        return children.firstIndex(of: child).map { $0 - children.startIndex }
    }

    /// A range of a node's children costs what the range costs.
    package var pagesChildren: Bool { true }

    package func children(of id: String, in range: Range<Int>) async throws -> [SourceItem] {
        let children = children(ofNode: try node(id))
        return range.clamped(to: 0..<children.count).map { sourceItem(children[children.startIndex + $0]) }
    }
}
