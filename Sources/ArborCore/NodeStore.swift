/// A dense integer handle for a node of the store; string ids stay at the boundary.
public struct NodeHandle: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The node's index in the store.
    public let index: Int32

    init(_ index: Int) { self.index = Int32(index) }

    public static func < (lhs: NodeHandle, rhs: NodeHandle) -> Bool { lhs.index < rhs.index }
    public var description: String { "#\(index)" }
}

/// What the store knows of one item.
public struct StoredNode: Sendable {
    /// The source's id of the item.
    public internal(set) var id: String
    /// The parent, once known.
    public internal(set) var parent: NodeHandle?
    /// The content, once loaded.
    public internal(set) var content: ItemContent?
    /// The number of direct children, once known.
    public internal(set) var childCount: Int?
    /// The children, once loaded.
    public internal(set) var children: [NodeHandle]?
    /// The state of the request for the children.
    public internal(set) var childLoad: LoadState = .unloaded
    /// The state of the request for the content.
    public internal(set) var itemLoad: LoadState = .unloaded
    /// The state of the request for the parent.
    public internal(set) var parentLoad: LoadState = .unloaded
    /// Bumped whenever the children are replaced as a whole.
    var childEpoch = 0

    /// The title, or the id while the content has not arrived.
    public var title: String { content?.title ?? id }
}

/// Every node Arbor has seen, addressed by dense handles.
public struct NodeStore: Sendable {
    private(set) var nodes: [StoredNode]
    private var handleByID: [String: NodeHandle] = [:]

    /// The synthetic node above everything; its children form the first column.
    public static let top = NodeHandle(0)

    /// Creates a store that holds only the synthetic top node.
    public init() {
        nodes = [StoredNode(id: "", children: [], childLoad: .loaded)]
    }

    /// The number of nodes, the top included.
    public var count: Int { nodes.count }

    /// The node behind a handle.
    public subscript(handle: NodeHandle) -> StoredNode {
        get { nodes[Int(handle.index)] }
        set { nodes[Int(handle.index)] = newValue }
    }

    /// The handle of the node with a source id, if the store has it.
    public func handle(for id: String) -> NodeHandle? { handleByID[id] }

    /// The loaded children of a node, or an empty list.
    public func children(of handle: NodeHandle) -> [NodeHandle] { self[handle].children ?? [] }

    /// The handle for an id, creating an empty node when the id is new.
    mutating func intern(_ id: String) -> NodeHandle {
        if let existing = handleByID[id] { return existing }
        let handle = NodeHandle(nodes.count)
        nodes.append(StoredNode(id: id))
        handleByID[id] = handle
        return handle
    }

    /// Records an item delivered by the source and returns its handle.
    mutating func record(_ item: SourceItem, parent: NodeHandle?) -> NodeHandle {
        let handle = intern(item.id)
        nodes[Int(handle.index)].content = item.content
        if nodes[Int(handle.index)].children == nil || item.childCount != nil {
            nodes[Int(handle.index)].childCount = item.childCount
        }
        nodes[Int(handle.index)].itemLoad = .loaded
        if let parent { nodes[Int(handle.index)].parent = parent }
        return handle
    }

    /// Replaces the children of a node as a whole.
    mutating func setChildren(_ children: [NodeHandle], of handle: NodeHandle) {
        nodes[Int(handle.index)].children = children
        nodes[Int(handle.index)].childCount = children.count
        nodes[Int(handle.index)].childEpoch += 1
    }
}
