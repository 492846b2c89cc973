import ArborCore
import ArborPath

/// An item of a JSON object tree as a query reads it, the same value ``SourcePathNode`` makes of the item
/// (its title and fields, typed; its children as an array under `children`) read from the tree's index and
/// bytes: a field asked for by name is found among the object's members without decoding the others, and no
/// item, id or title is made except for a match.
struct JSONTreePathNode: PathNode {
    enum Role {
        case item
        case children
        case field(JSONPathValue)
    }

    /// The tree, neither retained nor released as nodes are made and dropped: it outlives the walk.
    let reference: Unmanaged<LazyJSONTree>
    /// The item the node is, or whose field or list of children it is.
    let item: Int32
    let role: Role

    init(tree: LazyJSONTree, item: Int32, role: Role) {
        self.init(reference: .passUnretained(tree), item: item, role: role)
    }

    init(reference: Unmanaged<LazyJSONTree>, item: Int32, role: Role) {
        self.reference = reference
        self.item = item
        self.role = role
    }

    private var tree: LazyJSONTree { reference.takeUnretainedValue() }
    private var index: JSONTreeIndex { reference._withUnsafeGuaranteedRef { $0.index } }

    private func node(_ item: Int32, _ role: Role) -> JSONTreePathNode {
        JSONTreePathNode(reference: reference, item: item, role: role)
    }

    var kind: PathNodeKind {
        switch role {
        case .item: return .object
        case .children: return .array
        case .field(let value): return value.kind
        }
    }

    private var childCount: Int { index.children(of: item).count }

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
        return name == "title" ? field(tree.content(of: item).title) : nil
    }

    func element(at index: Int) -> JSONTreePathNode? {
        guard case .children = role else { return nil }
        let children = self.index.children(of: item)
        guard index >= 0, index < children.count else { return nil }
        return node(children[children.startIndex + index], .item)
    }

    func forEachChild(_ body: (PathKey, JSONTreePathNode) -> Bool) -> Bool {
        switch role {
        case .field: return true
        case .item:
            for member in members where !body(.name(member.name), field(member.value)) { return false }
            guard childCount != 0 else { return true }
            return body(.name("children"), node(item, .children))
        case .children:
            for (position, child) in index.children(of: item).enumerated()
            where !body(.index(position), node(child, .item)) {
                return false
            }
            return true
        }
    }

    /// The children that are objects or arrays: an item's list of children, a list's items.
    func forEachChild(containersOnly: Bool, _ body: (PathKey, JSONTreePathNode) -> Bool) -> Bool {
        guard containersOnly else { return forEachChild(body) }
        switch role {
        case .field: return true
        case .item:
            guard childCount != 0 else { return true }
            return body(.name("children"), node(item, .children))
        case .children: return forEachChild(body)
        }
    }

    var value: JSONPathValue {
        switch role {
        case .field(let value): return value
        case .item: return .object(members.map { ($0.name, SourcePathNode.typed($0.value)) })
        case .children: return .array(index.children(of: item).map { node($0, .item).value })
        }
    }

    /// The item's title and fields, as the browser shows them.
    private var members: [ItemField] {
        SourcePathNode.members(of: tree.content(of: item))
    }

    private func field(_ text: String) -> JSONTreePathNode {
        node(item, .field(SourcePathNode.typed(text)))
    }
}
