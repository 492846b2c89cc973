import ArborCore

/// Turns any JSON document into a hierarchy: keys and indexes as titles, the value's type and a preview as
/// subtitle and body, JSON pointers (`/spec/containers/0`) as ids. The top value is the shown root.
package struct JSONDocumentBuilder: Sendable {
    /// Creates a builder.
    package init() {}

    /// Builds the hierarchy; iterative, so any depth of nesting is safe. With `isStream`, the top array is a
    /// virtual root whose elements are titled `document 1`, `document 2`...
    package func hierarchy(from document: JSONDocument, name: String, isStream: Bool = false) -> StaticHierarchy {
        var nodes: [StaticHierarchy.Node] = []
        nodes.reserveCapacity(document.nodes.count)
        var lines: [Int32] = []
        var pending: [(json: Int32, parent: Int32, pointer: String, title: String)] = [(0, -1, "", name)]
        // The ids of YAML's anchored values, which come before the aliases of them.
        var anchored: [Int32: String] = [:]
        while let next = pending.popLast() {
            let index = Int32(nodes.count)
            var content = content(of: next.json, title: next.title, in: document)
            if let note = document.yamlNotes[next.json] {
                if note.anchor != nil { anchored[next.json] = next.pointer }
                Self.annotate(&content, with: note, link: anchored[note.aliasOf])
            }
            nodes.append(StaticHierarchy.Node(id: next.pointer, content: content, parent: next.parent))
            if !document.lines.isEmpty { lines.append(document.lines[Int(next.json)]) }
            if next.parent >= 0 { nodes[Int(next.parent)].children.append(index) }
            let value = document.nodes[Int(next.json)]
            guard value.kind == .object || value.kind == .array else { continue }
            for (position, child) in document.children(of: next.json).enumerated().reversed() {
                let key = value.kind == .object ? document.nodes[Int(child)].key ?? "" : String(position)
                let title = value.kind == .object ? key : isStream && next.parent < 0 ? "document \(position + 1)" : "[\(position)]"
                pending.append((child, index, next.pointer + "/" + JSONPointer.escape(key), title))
            }
        }
        var hierarchy = StaticHierarchy(displayName: name, nodes: nodes, rootIndex: 0, rootIsVirtual: isStream)
        hierarchy.isDocument = true
        hierarchy.lines = lines
        return hierarchy
    }

    private func content(of index: Int32, title: String, in document: JSONDocument) -> ItemContent {
        let value = document.nodes[Int(index)]
        let type: String
        switch value.kind {
        case .null: type = "null"
        case .bool: type = "boolean"
        case .number: type = "number"
        case .string: type = "string"
        case .array: type = "array"
        case .object: type = "object"
        }
        var fields: [ItemField] = []
        if value.kind == .object || value.kind == .array {
            for child in document.children(of: index).prefix(Self.fieldLimit) {
                let node = document.nodes[Int(child)]
                if node.kind != .object, node.kind != .array { fields.append(ItemField(name: node.key ?? "", value: LongText.prefix(node.text))) }
            }
        } else {
            fields.append(ItemField(name: "value", value: value.text))
        }
        let scalar = value.kind == .object || value.kind == .array ? nil : ScalarValue(ScalarValue.Kind(rawValue: type) ?? .string, value.text)
        return ItemContent(title: title, subtitle: type, body: document.preview(index), fields: fields, scalar: scalar)
    }

    /// YAML's own marks on a value's cell: an alias as what it is (`*base`, opening to its anchor's value), the
    /// anchor and tag in the subtitle after the type, the comments as the description the preview shows.
    static func annotate(_ content: inout ItemContent, with note: YAMLNote, link: String?) {
        if note.aliasOf >= 0 {
            let name = content.scalar?.text ?? ""
            content.subtitle = "alias of &" + name.dropFirst()
            content.body = name + (link.map { " → " + ($0.isEmpty ? "/" : $0) } ?? "")
            content.scalar = ScalarValue(.alias, name)
            content.fields = [ItemField(name: "value", value: name)]
            content.link = link
        }
        let marks = [note.anchor.map { "&" + $0 }, note.tag].compactMap { $0 }
        if !marks.isEmpty { content.subtitle += " · " + marks.joined(separator: " ") }
        if let comment = note.comment { content.description = comment }
    }

    /// A container's scalars become its fields among its first this many members.
    static let fieldLimit = 1_000

    /// Whether a document is an object tree: its top object (or the first object of a top-level array) holds
    /// its children in an array under `childrenField`. With `aliasesMayBe`, whether it may be one once its YAML
    /// aliases (kept as links) are copied: an alias where the object or the array is counts as either.
    package static func isObjectTree(_ document: JSONDocument, childrenField: String, aliasesMayBe: Bool = false) -> Bool {
        guard let top = document.nodes.first else { return false }
        let isAlias = { (node: Int32) in aliasesMayBe && (document.yamlNotes[node]?.aliasOf ?? -1) >= 0 }
        var candidate: Int32? = 0
        if top.kind == .array {
            candidate = document.children(of: 0).first { document.nodes[Int($0)].kind == .object || isAlias($0) }
        }
        guard let object = candidate else { return false }
        if isAlias(object) { return true }
        guard let children = document.member(childrenField, of: object) else { return false }
        return document.nodes[Int(children)].kind == .array || isAlias(children)
    }
}
