/// A dense integer handle for a node of the store; string ids stay at the boundary.
package struct NodeHandle: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The node's index in the store.
    package let index: Int32

    init(_ index: Int) { self.index = Int32(index) }

    /// Handles order as they were given out.
    package static func < (lhs: NodeHandle, rhs: NodeHandle) -> Bool { lhs.index < rhs.index }
    /// The text for messages and logs.
    package var description: String { "#\(index)" }
}

/// What the store knows of one item.
package struct StoredNode: Sendable {
    /// The source's id of the item.
    package internal(set) var id: String
    /// The parent, once known.
    package internal(set) var parent: NodeHandle?
    /// The content, once loaded.
    package internal(set) var content: ItemContent?
    /// The number of direct children, once known.
    package internal(set) var childCount: Int?
    /// The children, once loaded.
    package internal(set) var children: ChildList?
    /// How many of `children` are still ``NodeStore/placeholder`` (a list shown a page at a time).
    package internal(set) var unloadedChildren = 0
    /// What the source said about the children's list (that it stopped short), shown with it.
    package internal(set) var childNotice: String?
    /// The state of the request for the children.
    package internal(set) var childLoad: LoadState = .unloaded
    /// The state of the request for the content.
    package internal(set) var itemLoad: LoadState = .unloaded
    /// The state of the request for the parent.
    package internal(set) var parentLoad: LoadState = .unloaded
    /// Bumped whenever the children are replaced as a whole.
    var childEpoch = 0
    /// Changes whenever the node's id or content does (see ``NodeStore/contentStamp(of:)``).
    var contentStamp = 0

    /// The title, or the id while the content has not arrived.
    package var title: String { content?.title ?? id }
}

/// Every node Arbor has seen, addressed by dense handles.
package struct NodeStore: Sendable {
    private(set) var nodes: [StoredNode]
    private var handleByID: [String: NodeHandle] = [:]
    /// The epoch the next replacement of a node's children gets: unique within the store and the stores after it.
    private(set) var nextEpoch: Int
    /// The stamp the next node given an id or a content gets.
    private var nextContentStamp = 1
    /// The nodes whose lists of children were replaced or changed in length since they were last taken.
    private var reshapedLists: Set<NodeHandle> = []
    /// Slots of released nodes, given to the next new ids.
    var freeSlots: [Int32] = []
    /// The nodes whose children are a list shown a page at a time.
    package internal(set) var pagedLists: Set<NodeHandle> = []
    /// Pages put into paged lists since far pages were last let go.
    var pagesArrivedSinceDrop = 0

    /// The synthetic node above everything; its children form the first level.
    package static let top = NodeHandle(0)

    /// Stands in a list of children for each child whose page has not arrived.
    package static let placeholder = NodeHandle(1)

    /// Creates a store that holds only the synthetic top node and the placeholder.
    package init(firstEpoch: Int = 1, firstContentStamp: Int = 1) {
        nextEpoch = firstEpoch
        nextContentStamp = firstContentStamp
        nodes = [StoredNode(id: "", children: [], childLoad: .loaded), StoredNode(id: "…", childCount: 0)]
    }

    /// The number of nodes, the top included.
    package var count: Int { nodes.count }

    /// Whether a handle names a node of this store.
    package func holds(_ handle: NodeHandle) -> Bool { handle.index >= 0 && Int(handle.index) < nodes.count }

    /// The node behind a handle.
    package subscript(handle: NodeHandle) -> StoredNode {
        get { nodes[Int(handle.index)] }
        set { nodes[Int(handle.index)] = newValue }
    }

    /// A node's title (its id while the content has not arrived), read without copying the rest of the node.
    package func title(of handle: NodeHandle) -> String { nodes[Int(handle.index)].title }

    /// A node's content, its id and its count of children, read without copying the rest of the node.
    package func cellParts(of handle: NodeHandle) -> (id: String, content: ItemContent?, childCount: Int?) {
        let index = Int(handle.index)
        return (nodes[index].id, nodes[index].content, nodes[index].childCount)
    }

    /// A node's count of children, once known, read without copying the node.
    package func childCount(of handle: NodeHandle) -> Int? { nodes[Int(handle.index)].childCount }

    /// A node's source id, read without copying the rest of the node.
    package func id(of handle: NodeHandle) -> String { nodes[Int(handle.index)].id }

    /// A node's value as shown on a line of at most `cells` cells (nil without one), read without copying the rest
    /// of its content.
    package func scalarText(of handle: NodeHandle, cells: Int) -> String? { nodes[Int(handle.index)].content?.scalar?.shown(cells: cells) }

    /// A node's subtitle and body (empty while the content has not arrived), read without copying the rest.
    package func lines(of handle: NodeHandle) -> (subtitle: String, body: String) {
        (nodes[Int(handle.index)].content?.subtitle ?? "", nodes[Int(handle.index)].content?.body ?? "")
    }

    /// A number that changes whenever the node behind the handle gets another id or content: what was measured of
    /// its texts holds while the number stays.
    package func contentStamp(of handle: NodeHandle) -> Int { nodes[Int(handle.index)].contentStamp }

    /// A number that changes whenever any node gets another id or content: while it stays, every node's
    /// ``contentStamp(of:)`` does.
    package var contentVersion: Int { nextContentStamp }

    /// Whether a node's content has a subtitle or a body, read without copying it.
    package func hasDetailLines(_ handle: NodeHandle) -> Bool { nodes[Int(handle.index)].content?.hasDetailLines == true }

    private mutating func stamp(_ index: Int) {
        nodes[index].contentStamp = nextContentStamp
        nextContentStamp += 1
    }

    /// The handle of the node with a source id, if the store has it.
    package func handle(for id: String) -> NodeHandle? { handleByID[id] }

    /// The loaded children of a node, or an empty list.
    package func children(of handle: NodeHandle) -> ChildList { self[handle].children ?? ChildList() }

    /// The handle for an id, creating an empty node when the id is new.
    mutating func intern(_ id: String) -> NodeHandle {
        if let existing = handleByID[id] { return existing }
        let handle: NodeHandle
        if let slot = freeSlots.popLast() {
            handle = NodeHandle(Int(slot))
            nodes[Int(slot)] = StoredNode(id: id)
        } else {
            handle = NodeHandle(nodes.count)
            nodes.append(StoredNode(id: id))
        }
        stamp(Int(handle.index))
        handleByID[id] = handle
        return handle
    }

    /// Forgets a node that nothing refers to any more; its handle is given to a later new id.
    mutating func release(_ handle: NodeHandle) {
        let index = Int(handle.index)
        precondition(index > Int(Self.placeholder.index) && nodes[index].children == nil)
        handleByID.removeValue(forKey: nodes[index].id)
        nodes[index] = StoredNode(id: "")
        freeSlots.append(handle.index)
    }

    /// The number of nodes held, released slots left out.
    package var heldCount: Int { nodes.count - freeSlots.count }

    /// Records an item delivered by the source and returns its handle.
    mutating func record(_ item: SourceItem, parent: NodeHandle?) -> NodeHandle {
        let handle = intern(item.id)
        nodes[Int(handle.index)].content = item.content
        stamp(Int(handle.index))
        if nodes[Int(handle.index)].children == nil || item.childCount != nil {
            nodes[Int(handle.index)].childCount = item.childCount
        }
        nodes[Int(handle.index)].itemLoad = .loaded
        if let parent { nodes[Int(handle.index)].parent = parent }
        return handle
    }

    /// Marks every loaded list of children but `kept` to be read again when next shown (its items stay shown
    /// until then).
    mutating func markChildrenStale(except kept: Set<NodeHandle>) {
        for index in nodes.indices where nodes[index].childLoad == .loaded && !kept.contains(NodeHandle(index)) {
            nodes[index].childLoad = .unloaded
        }
    }

    /// Replaces the children of a node as a whole.
    mutating func setChildren(_ children: ChildList, of handle: NodeHandle) {
        reshapedLists.insert(handle)
        notePaging(children, of: handle)
        nodes[Int(handle.index)].children = children
        nodes[Int(handle.index)].childCount = children.count
        nodes[Int(handle.index)].unloadedChildren = 0
        nodes[Int(handle.index)].childEpoch = nextEpoch
        nextEpoch += 1
    }

    /// Changes the children of a node in place (items inserted or removed); a paged list gets a new epoch, so
    /// that pages asked for before the change are not put at shifted places.
    mutating func replaceChildren(_ children: ChildList, of handle: NodeHandle) {
        let placeholders = nodes[Int(handle.index)].unloadedChildren
        reshapedLists.insert(handle)
        notePaging(children, of: handle)
        nodes[Int(handle.index)].children = children
        nodes[Int(handle.index)].childCount = children.count
        guard placeholders > 0 else { return }
        nodes[Int(handle.index)].unloadedChildren = children.count { $0 == Self.placeholder }
        nodes[Int(handle.index)].childEpoch = nextEpoch
        nextEpoch += 1
    }

    /// Replaces the children of a node with a list of `count` of which only the first are known.
    mutating func setPagedChildren(_ first: [NodeHandle], count: Int, of handle: NodeHandle) {
        setChildren(ChildList(first: first, count: count), of: handle)
        nodes[Int(handle.index)].unloadedChildren = count - min(count, first.count)
    }

    /// Makes a paged list `count` long in place, keeping its first page; the rest become placeholders in a new
    /// epoch, so that pages placed by the estimated count are read again at their exact places.
    mutating func resizePagedChildren(of handle: NodeHandle, to count: Int) {
        guard let children = nodes[Int(handle.index)].children else { return }
        let resized = children.resized(to: count)
        reshapedLists.insert(handle)
        notePaging(resized, of: handle)
        nodes[Int(handle.index)].children = resized
        nodes[Int(handle.index)].childCount = count
        nodes[Int(handle.index)].unloadedChildren = count - resized.prefix(ChildPaging.pageSize).count { $0 != Self.placeholder }
        nodes[Int(handle.index)].childEpoch = nextEpoch
        nextEpoch += 1
    }

    /// Adds items after the children a node lists so far (`afresh`: after none), for a list shown while read.
    mutating func appendChildren(_ items: [NodeHandle], of handle: NodeHandle, afresh: Bool) {
        reshapedLists.insert(handle)
        pagedLists.remove(handle)
        nodes[Int(handle.index)].children = (afresh ? ChildList() : children(of: handle)) + items
        nodes[Int(handle.index)].childCount = nil
    }

    /// Forgets the children of a node (to be asked for again when next shown).
    mutating func forgetChildren(of handle: NodeHandle) {
        reshapedLists.insert(handle)
        pagedLists.remove(handle)
        nodes[Int(handle.index)].children = nil
    }

    private mutating func notePaging(_ children: ChildList, of handle: NodeHandle) {
        if children.isPaged {
            pagedLists.insert(handle)
        } else {
            pagedLists.remove(handle)
        }
    }

    /// The nodes whose lists were replaced or changed in length since the last call: what views of them redo.
    @discardableResult
    mutating func takeReshapedLists() -> Set<NodeHandle> {
        defer { reshapedLists = [] }
        return reshapedLists
    }

    /// Puts the items of a page in their places among the children of a node.
    mutating func fillChildren(of handle: NodeHandle, from start: Int, with items: [NodeHandle]) {
        guard var children = nodes[Int(handle.index)].children else { return }
        if children.isPaged { pagesArrivedSinceDrop += 1 }
        nodes[Int(handle.index)].children = nil
        var filled = 0
        for (offset, item) in items.enumerated() where children.indices.contains(start + offset) {
            if children[start + offset] == Self.placeholder { filled += 1 }
            children[start + offset] = item
        }
        nodes[Int(handle.index)].children = children
        nodes[Int(handle.index)].unloadedChildren -= filled
    }
}
