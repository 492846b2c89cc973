import ArborCore
import ArborPath

/// An item of a JSON object tree as a query reads it, the same value ``SourcePathNode`` makes of the item
/// (its title and fields, typed; its children as an array under `children`) read from the tree's index and
/// bytes: a field asked for by name is found among the object's members without decoding the others, and no
/// item, id or title is made except for a match. Its objects and arrays are numbered in document order
/// (``JSONTreeContainers``), so that a descendant segment is walked in parts on several cores.
struct JSONTreePathNode: PartitionedPathNode, @unchecked Sendable {
    enum Role {
        case item
        case children
        case field(JSONPathValue)
    }

    /// A child's key, or for a container listed from above, its number and the number of the one the way
    /// down starts from.
    enum ChildKey {
        case key(PathKey)
        case descendant(container: Int32, below: Int32)
    }

    /// The tree and its containers, neither retained nor released as nodes are made and dropped: they outlive
    /// the walk.
    let reference: Unmanaged<LazyJSONTree>
    let table: Unmanaged<JSONTreeContainers>
    /// The item the node is, or whose field or list of children it is.
    let item: Int32
    let role: Role

    init(tree: LazyJSONTree, containers: JSONTreeContainers, item: Int32, role: Role) {
        self.init(reference: .passUnretained(tree), table: .passUnretained(containers), item: item, role: role)
    }

    init(reference: Unmanaged<LazyJSONTree>, table: Unmanaged<JSONTreeContainers>, item: Int32, role: Role) {
        self.reference = reference
        self.table = table
        self.item = item
        self.role = role
    }

    /// Runs `body` with the containers, their reference not counted: threads walking parts of one query at
    /// once would slow each other down counting references to the one table they share.
    private func withTable<Result>(_ body: (JSONTreeContainers) -> Result) -> Result { table._withUnsafeGuaranteedRef(body) }

    private func node(_ item: Int32, _ role: Role) -> JSONTreePathNode {
        JSONTreePathNode(reference: reference, table: table, item: item, role: role)
    }

    var kind: PathNodeKind {
        switch role {
        case .item: return .object
        case .children: return .array
        case .field(let value): return value.kind
        }
    }

    private var childCount: Int { withTable { $0.childCount(of: item) } }

    var count: Int {
        switch role {
        case .item: return members.count + (childCount == 0 ? 0 : 1)
        case .children: return childCount
        case .field: return 0
        }
    }

    func member(named name: String) -> JSONTreePathNode? {
        guard case .item = role else { return nil }
        if name == "children" { return childCount == 0 ? nil : node(item, .children) }
        if let text = reference._withUnsafeGuaranteedRef({ $0.fieldText(named: name, of: item) }) { return field(text) }
        // A title the object does not hold is the mapping's (or the fallback id's): made from all its fields.
        return name == "title" ? field(reference._withUnsafeGuaranteedRef { $0.content(of: item).title }) : nil
    }

    func element(at index: Int) -> JSONTreePathNode? {
        guard case .children = role, index >= 0, index < childCount else { return nil }
        return node(withTable { $0.child(of: item, at: index) }, .item)
    }

    func forEachChild(_ body: (PathKey, JSONTreePathNode) -> Bool) -> Bool {
        switch role {
        case .field: return true
        case .item:
            for member in members where !body(.name(member.name), field(member.value)) { return false }
            guard childCount != 0 else { return true }
            return body(.name("children"), node(item, .children))
        case .children:
            for position in 0..<childCount where !body(.index(position), node(withTable { $0.child(of: item, at: position) }, .item)) {
                return false
            }
            return true
        }
    }

    /// The children that are objects or arrays: an item's list of children, a list's items.
    func forEachChild(containersOnly: Bool, _ body: (ChildKey, JSONTreePathNode) -> Bool) -> Bool {
        guard containersOnly else { return forEachChild { key, child in body(.key(key), child) } }
        var cursor = 0
        while let (key, child) = nextChildContainer(&cursor) {
            if !body(key, child) { return false }
        }
        return true
    }

    /// A list's items at `members` found by their places, not counted through: an item's one child that is a
    /// container is its list of children, after its fields.
    func forEachChildContainer(among members: Range<Int>, _ body: (ChildKey, JSONTreePathNode) -> Bool) -> Bool {
        switch role {
        case .field: return true
        case .item:
            guard childCount != 0, members.contains(count - 1) else { return true }
            return body(.key(.name("children")), node(item, .children))
        case .children:
            for position in members.clamped(to: 0..<childCount)
            where !body(.key(.index(position)), node(withTable { $0.child(of: item, at: position) }, .item)) {
                return false
            }
            return true
        }
    }

    func pathKey(_ key: ChildKey) -> PathKey {
        var keys: [PathKey] = []
        appendPathKeys(key, to: &keys)
        return keys[keys.count - 1]
    }

    func appendPathKeys(_ key: ChildKey, to keys: inout [PathKey]) {
        switch key {
        case .key(let key): keys.append(key)
        case .descendant(let container, let below): withTable { $0.appendKeys(from: below, to: container, to: &keys) }
        }
    }

    /// The number of the container the node is; -1 for a field.
    private var number: Int {
        switch role {
        case .item: return Int(withTable { $0.itemContainer[Int(item)] })
        case .children: return Int(withTable { $0.itemContainer[Int(item)] }) + 1
        case .field: return -1
        }
    }

    var descendantContainerCount: Int {
        let number = number
        return number < 0 ? 0 : withTable { $0.subtreeEnd(of: item) } - number - 1
    }

    func descendantContainer(at position: Int) -> (key: ChildKey, node: JSONTreePathNode) {
        let number = number
        let nested = number + 1 + position
        let kind = withTable { $0.containers[nested] }
        let key = ChildKey.descendant(container: Int32(nested), below: Int32(number))
        return (key, node(kind >> 1, kind & 1 == 1 ? .children : .item))
    }

    func descendantSubtreeEnd(at position: Int) -> Int {
        let first = number + 1
        return withTable { $0.subtreeEnd(of: $0.containers[first + position] >> 1) } - first
    }

    func nextChildContainer(_ cursor: inout Int) -> (key: ChildKey, node: JSONTreePathNode)? {
        switch role {
        case .field: return nil
        case .item:
            guard cursor == 0, childCount > 0 else { return nil }
            cursor = 1
            return (.key(.name("children")), node(item, .children))
        case .children:
            guard cursor < childCount else { return nil }
            defer { cursor += 1 }
            return (.key(.index(cursor)), node(withTable { $0.child(of: item, at: cursor) }, .item))
        }
    }

    var value: JSONPathValue {
        switch role {
        case .field(let value): return value
        case .item: return .object(members.map { ($0.name, SourcePathNode.typed($0.value)) })
        case .children: return .array((0..<childCount).map { position in node(withTable { $0.child(of: item, at: position) }, .item).value })
        }
    }

    /// The item's title and fields, as the browser shows them.
    private var members: [ItemField] {
        SourcePathNode.members(of: reference._withUnsafeGuaranteedRef { $0.content(of: item) })
    }

    private func field(_ text: String) -> JSONTreePathNode {
        node(item, .field(SourcePathNode.typed(text)))
    }
}
