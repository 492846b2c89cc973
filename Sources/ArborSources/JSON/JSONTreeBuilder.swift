import ArborCore

/// Turns a JSON object tree (objects with a children array) into a ``StaticHierarchy``.
///
/// A top-level object is the root; a top-level array is a virtual root over its elements. An item's id is its
/// id field, or its path of indexes (`0/3/1`) when that field is missing or already taken.
package struct JSONTreeBuilder: Sendable {
    /// Which fields feed which part of an item.
    package var mapping: FieldMapping

    /// Creates a builder with a field mapping.
    package init(mapping: FieldMapping = FieldMapping()) {
        self.mapping = mapping
    }

    /// Builds the hierarchy; iterative, so any depth of nesting is safe.
    package func hierarchy(from document: JSONDocument, name: String) -> StaticHierarchy {
        var nodes: [StaticHierarchy.Node] = []
        var usedIDs = UniqueIDs()
        var pending: [(json: Int32, parent: Int32, path: String)] = []
        let top = document.nodes[0]
        let isVirtual = top.kind == .array
        if isVirtual {
            nodes.append(StaticHierarchy.Node(id: "", content: ItemContent(title: name)))
            _ = usedIDs.next(preferred: "", path: "")
            let elements = document.children(of: 0)
            for (position, element) in elements.enumerated().reversed() {
                pending.append((element, 0, String(position)))
            }
        } else {
            pending.append((0, -1, "0"))
        }
        while let next = pending.popLast() {
            let index = Int32(nodes.count)
            let (node, children) = makeNode(next.json, path: next.path, in: document, usedIDs: &usedIDs)
            nodes.append(StaticHierarchy.Node(id: node.id, content: node.content, parent: next.parent))
            if next.parent >= 0 { nodes[Int(next.parent)].children.append(index) }
            for (position, child) in children.enumerated().reversed() {
                pending.append((child, index, next.path + "/" + String(position)))
            }
        }
        return StaticHierarchy(displayName: name, nodes: nodes, rootIndex: 0, rootIsVirtual: isVirtual)
    }

    private func makeNode(
        _ index: Int32, path: String, in document: JSONDocument, usedIDs: inout UniqueIDs
    ) -> (node: StaticHierarchy.Node, children: [Int32]) {
        let value = document.nodes[Int(index)]
        guard value.kind == .object else {
            let id = usedIDs.next(preferred: nil, path: path)
            return (StaticHierarchy.Node(id: id, content: ItemContent(title: document.preview(index))), [])
        }
        var fields: [ItemField] = []
        var listFields: [String: [String]] = [:]
        var children: [Int32] = []
        for member in document.children(of: index) {
            let key = document.nodes[Int(member)].key ?? ""
            if key == mapping.children, document.nodes[Int(member)].kind == .array {
                children = document.children(of: member)
                continue
            }
            fields.append(ItemField(name: key, value: document.preview(member)))
            if document.nodes[Int(member)].kind == .array {
                listFields[key] = document.children(of: member).map(document.preview)
            }
        }
        let explicitID = mapping.id.lazy.compactMap { name in
            document.member(name, of: index).flatMap { member -> String? in
                let kind = document.nodes[Int(member)].kind
                return kind == .string || kind == .number ? document.nodes[Int(member)].text : nil
            }
        }.first
        let id = usedIDs.next(preferred: explicitID, path: path)
        let content = mapping.content(from: fields, tags: listFields, fallbackTitle: explicitID ?? path)
        return (StaticHierarchy.Node(id: id, content: content), children)
    }
}
