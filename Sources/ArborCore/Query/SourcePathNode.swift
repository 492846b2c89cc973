import ArborPath

/// An item of any source as a query reads it. A document's member is the value it is; any other item is an
/// object of its title and fields, with its children as an array under `children`, so that `$..` walks the
/// whole hierarchy.
public struct SourcePathNode: PathNode {
    enum Role {
        case item(SourceItem)
        case field(JSONPathValue)
        case children(SourceItem)
    }

    let role: Role
    let reader: SourcePathReader
    /// The item the node is, or whose field or list of children it is.
    public let itemID: String
    /// That item's title.
    public let itemTitle: String

    /// The root of `reader`'s source, or nil for an empty source.
    public static func root(of reader: SourcePathReader) -> SourcePathNode? {
        reader.root().map { SourcePathNode(role: .item($0.item), reader: reader, itemID: $0.item.id, itemTitle: $0.item.content.title) }
    }

    private var isDocument: Bool { reader.source.isDocument }

    public var kind: PathNodeKind {
        switch role {
        case .field(let value): return value.kind
        case .children: return .array
        case .item(let item):
            guard isDocument else { return .object }
            if let scalar = item.content.scalar { return Self.value(of: scalar).kind }
            return item.content.isArray ? .array : .object
        }
    }

    public var count: Int {
        switch role {
        case .field: return 0
        case .children(let item): return reader.count(of: item)
        case .item(let item):
            guard isDocument else { return Self.members(of: item).count + (item.childCount == 0 ? 0 : 1) }
            return item.content.scalar == nil ? reader.count(of: item) : 0
        }
    }

    public func member(named name: String) -> SourcePathNode? {
        guard case .item(let item) = role else { return nil }
        guard isDocument else {
            if name == "children" { return item.childCount == 0 ? nil : SourcePathNode(role: .children(item), reader: reader, itemID: itemID, itemTitle: itemTitle) }
            return Self.members(of: item).last { $0.name == name }.map { field(Self.typed($0.value)) }
        }
        var found: SourcePathNode?
        _ = forEachChild { key, child in
            guard key == .name(name) else { return true }
            found = child
            return false
        }
        return found
    }

    public func element(at index: Int) -> SourcePathNode? {
        let owner: SourceItem
        switch role {
        case .children(let item): owner = item
        case .item(let item) where isDocument: owner = item
        default: return nil
        }
        return reader.children(of: owner.id, in: index..<(index + 1)).first.map { wrap($0, in: role) }
    }

    public func forEachChild(_ body: (PathKey, SourcePathNode) -> Bool) -> Bool {
        switch role {
        case .field: return true
        case .item(let item) where !isDocument:
            for member in Self.members(of: item) where !body(.name(member.name), field(Self.typed(member.value))) { return false }
            guard item.childCount != 0 else { return true }
            return body(.name("children"), SourcePathNode(role: .children(item), reader: reader, itemID: itemID, itemTitle: itemTitle))
        case .item(let item), .children(let item):
            let isArray = kind == .array
            let total = reader.count(of: item)
            var start = 0
            while start < total {
                let page = reader.children(of: item.id, in: start..<min(total, start + SourcePathReader.pageSize))
                guard !page.isEmpty else { return true }
                for (offset, child) in page.enumerated() {
                    let key: PathKey = isArray ? .index(start + offset) : .name(child.content.title)
                    if !body(key, wrap(child, in: role)) { return false }
                }
                start += page.count
            }
            return true
        }
    }

    public var value: JSONPathValue {
        switch role {
        case .field(let value): return value
        case .item(let item) where isDocument && item.content.scalar != nil: return Self.value(of: item.content.scalar!)
        case .item(let item) where !isDocument:
            // An item's value is its title and fields: its children are walked, not printed with it.
            return .object(Self.members(of: item).map { ($0.name, Self.typed($0.value)) })
        default:
            var members: [(key: String, value: JSONPathValue)] = []
            var elements: [JSONPathValue] = []
            let isArray = kind == .array
            _ = forEachChild { key, child in
                if isArray { elements.append(child.value) } else if case .name(let name) = key { members.append((name, child.value)) }
                return true
            }
            return isArray ? .array(elements) : .object(members)
        }
    }

    private func field(_ value: JSONPathValue) -> SourcePathNode {
        SourcePathNode(role: .field(value), reader: reader, itemID: itemID, itemTitle: itemTitle)
    }

    /// A child as a node: an alias, found as itself, with the value its anchor marked (its own text past the
    /// walk's bound).
    private func wrap(_ child: SourceItem, in role: Role) -> SourcePathNode {
        if let link = child.content.link, let target = reader.linked(link) {
            return SourcePathNode(role: .item(target), reader: reader, itemID: child.id, itemTitle: child.content.title)
        }
        return SourcePathNode(role: .item(child), reader: reader, itemID: child.id, itemTitle: child.content.title)
    }

    /// An object item's members before its children: its title, then its fields.
    package static func members(of item: SourceItem) -> [ItemField] { members(of: item.content) }

    /// The members of an item with this content: its title, then its fields.
    package static func members(of content: ItemContent) -> [ItemField] {
        let fields = content.fields
        if fields.contains(where: { $0.name == "title" }) { return fields }
        return [ItemField(name: "title", value: content.title)] + fields
    }

    /// A field's text as a value: a number when it reads as a JSON number, else a string.
    package static func typed(_ text: String) -> JSONPathValue {
        guard let first = text.utf8.first, first == UInt8(ascii: "-") || (0x30...0x39).contains(first),
              case .number(let number)? = try? JSONPathValue(parsing: text)
        else { return .string(text) }
        return .number(number)
    }

    static func value(of scalar: ScalarValue) -> JSONPathValue {
        switch scalar.kind {
        case .string, .alias: return .string(scalar.text)
        // A number scalar keeps its literal, TOML's and YAML's too (`inf`, `0x1F`, `.inf`); one that is no number
        // reads as its text.
        case .number: return JSONNumber(documentLiteral: scalar.text).map(JSONPathValue.number) ?? .string(scalar.text)
        // YAML writes `True` and `TRUE` too.
        case .boolean: return .boolean(scalar.text.first == "t" || scalar.text.first == "T")
        case .null: return .null
        }
    }
}
