/// A value of a document read by a library into a tree (TOML, property lists, INI), on its way to the flat
/// ``JSONDocument`` every document is browsed as.
indirect enum DocumentValue {
    case null
    case bool(Bool)
    /// A number, as written (or as the library prints it).
    case number(String)
    case string(String)
    case array([DocumentValue])
    case object([(key: String, value: DocumentValue)])

    /// The flat document, built without recursion over depth.
    var document: JSONDocument {
        var document = JSONDocument()
        var pending: [(value: DocumentValue, key: String?, parent: Int32)] = [(self, nil, -1)]
        var lastChild: [Int32: Int32] = [:]
        while let (value, key, parent) = pending.popLast() {
            let index = Int32(document.nodes.count)
            var node = JSONDocument.Node(kind: .null, key: key, text: "null", parent: parent)
            var children: [(DocumentValue, String?)] = []
            switch value {
            case .null: break
            case .bool(let flag): (node.kind, node.text) = (.bool, flag ? "true" : "false")
            case .number(let text): (node.kind, node.text) = (.number, text)
            case .string(let text): (node.kind, node.text) = (.string, text)
            case .array(let elements):
                (node.kind, node.text) = (.array, "")
                children = elements.map { ($0, nil) }
            case .object(let members):
                (node.kind, node.text) = (.object, "")
                children = members.map { ($0.value, $0.key) }
            }
            node.childCount = Int32(children.count)
            document.append(node, lastChild: &lastChild)
            for (child, childKey) in children.reversed() { pending.append((child, childKey, index)) }
        }
        return document
    }
}
