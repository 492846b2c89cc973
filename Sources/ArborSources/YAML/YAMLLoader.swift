import ArborCore
import CYAMLEvents

/// Reads YAML through libfyaml's events into the same flat ``JSONDocument`` the JSON sources use, so a YAML file
/// is an object tree or a document by the same rules. A stream of several documents is a list of documents.
package enum YAMLLoader {
    /// What becomes of an alias: a copy of the value its anchor marked (the values JSON would hold), or an alias
    /// kept as one, with the anchors, tags and comments of every value (what the browser shows).
    package enum Aliases: Sendable {
        case expanded, kept
    }

    /// Parses every document of the stream; errors carry the line and column.
    package static func documents(_ bytes: [UInt8], origin: String, aliases: Aliases = .expanded) throws(SourceLoadError) -> [JSONDocument] {
        let graph: YAMLGraph
        let text = text(bytes)
        do {
            graph = try YAMLGraph(text)
        } catch {
            throw loadError(error, origin: origin)
        }
        let limit = max(100_000, bytes.count * 4)
        let comments = aliases == .kept ? YAMLComments(text) : nil
        var result: [JSONDocument] = []
        for root in graph.documents {
            guard let document = convert(graph, root: root, limit: limit, comments: comments) else {
                throw SourceLoadError("\(origin): the YAML expands to more than \(limit) values (aliases repeating aliases?); refused")
            }
            result.append(document)
        }
        return result
    }

    /// The bytes as UTF-8: bytes that are not UTF-8 read as U+FFFD, as text does everywhere else.
    static func text(_ bytes: [UInt8]) -> [UInt8] {
        String(validating: bytes, as: UTF8.self) != nil ? bytes : Array(String(decoding: bytes, as: UTF8.self).utf8)
    }

    /// As ``text(_:)-([UInt8])``, without a copy of bytes that are UTF-8 (a mapped file stays mapped).
    static func text(_ content: SourceBytes) -> SourceBytes {
        let valid = content.withUnsafeBufferPointer { arbor_yaml_is_utf8($0.baseAddress, Int64($0.count)) == 1 }
        return valid ? content : SourceBytes(text(content.array))
    }

    /// The parser's or the composer's failure as the error a reader gives: `FILE:LINE:COLUMN: invalid YAML: ...`.
    static func loadError(_ failure: YAMLGraph.Failure, origin: String) -> SourceLoadError {
        let place = failure.place.map { "\($0.line):\($0.column):" } ?? ""
        return SourceLoadError("\(origin):\(place) invalid YAML: \(failure.problem)")
    }

    /// One document whose top array holds every document of a stream.
    package static func stream(_ documents: [JSONDocument]) -> JSONDocument {
        var combined = JSONDocument()
        combined.nodes.append(JSONDocument.Node(kind: .array, key: nil, text: "", parent: -1))
        let keepsLines = documents.allSatisfy { !$0.lines.isEmpty }
        if keepsLines { combined.lines = [1] }
        var previousTop: Int32 = -1
        for document in documents {
            let offset = Int32(combined.nodes.count)
            for var node in document.nodes {
                node.parent = node.parent < 0 ? 0 : node.parent + offset
                if node.firstChild >= 0 { node.firstChild += offset }
                if node.nextSibling >= 0 { node.nextSibling += offset }
                combined.nodes.append(node)
            }
            if keepsLines { combined.lines += document.lines }
            for (index, var note) in document.yamlNotes {
                if note.aliasOf >= 0 { note.aliasOf += offset }
                combined.yamlNotes[index + offset] = note
            }
            if previousTop >= 0 { combined.nodes[Int(previousTop)].nextSibling = offset } else { combined.nodes[0].firstChild = offset }
            previousTop = offset
            combined.nodes[0].childCount += 1
        }
        return combined
    }

    /// Flattens a node tree iteratively (no recursion over depth); nil when it holds more than `limit` values,
    /// as aliases of aliases can make a few lines stand for billions. With `comments`, an alias is kept as one (a
    /// string `*name` noting the value it stands for) and each value's anchor, tag and comments are noted.
    static func convert(_ graph: YAMLGraph, root: Int32, limit: Int = .max, comments: YAMLComments? = nil) -> JSONDocument? {
        var document = JSONDocument()
        // Each value's node, member name and parent, and for a member the node of its key.
        var pending: [(node: Int32, key: String?, parent: Int32, keyNode: Int32)] = [(root, nil, -1, -1)]
        var lastChild: [Int32: Int32] = [:]
        var placed: [Int32: Int32] = [:]
        while !pending.isEmpty {
            if document.nodes.count >= limit { return nil }
            var (index, key, parent, keyNode) = pending.removeLast()
            // A copy where there is no value to link to: always when expanding, and for the alias of a key.
            if comments == nil || placed[graph.nodes[Int(index)].aliasOf] == nil { index = graph.resolved(index) }
            let node = graph.nodes[Int(index)]
            var value = JSONDocument.Node(kind: node.kind, key: key, text: node.text, parent: parent)
            var children: [(Int32, String?, Int32)] = []
            switch node.kind {
            case _ where node.aliasOf >= 0:
                (value.kind, value.text) = (.string, "*" + node.text)
            case .object:
                children = stride(from: 0, to: node.children.count - 1, by: 2).map { pair in
                    (node.children[pair + 1], keyText(graph, node.children[pair]), node.children[pair])
                }
            case .array:
                children = node.children.map { ($0, nil, -1) }
            default:
                break
            }
            value.childCount = Int32(children.count)
            let added = document.append(value, lastChild: &lastChild)
            if let comments {
                if node.anchor != nil { placed[index] = added }
                let note = note(of: node, keyNode: keyNode >= 0 ? graph.nodes[Int(keyNode)] : nil, in: graph, placed: placed, comments: comments)
                if !note.isEmpty { document.yamlNotes[added] = note }
                document.lines.append((keyNode >= 0 ? graph.nodes[Int(keyNode)].start.line : node.start.line) + 1)
            }
            for (child, childKey, childKeyNode) in children.reversed() { pending.append((child, childKey, added, childKeyNode)) }
        }
        return document
    }

    /// A value's anchor, tag, alias and comments: those above its key's line (or its own), and the one ending the
    /// line its scalar of one line, or its key, ends. A collection without a key whose first member starts where it
    /// does leaves the comments above to that member.
    private static func note(of node: YAMLGraph.Node, keyNode: YAMLGraph.Node?, in graph: YAMLGraph, placed: [Int32: Int32],
                             comments: YAMLComments) -> YAMLNote {
        var note = YAMLNote(anchor: node.anchor, tag: YAMLNote.shortTag(node.tag))
        if node.aliasOf >= 0 { note.aliasOf = placed[node.aliasOf] ?? -1 }
        note.comment = comments.comment(ofValueFrom: node.start, to: node.end, key: keyNode.map { ($0.start, $0.end) },
                                        isCollection: node.aliasOf < 0 && (node.kind == .object || node.kind == .array),
                                        firstMemberStart: node.children.first.map { graph.nodes[Int($0)].start })
        return note
    }

    /// A mapping key as text: a scalar's own, a collection's in flow style (cut short past 200 characters).
    static func keyText(_ graph: YAMLGraph, _ index: Int32) -> String {
        let node = graph.nodes[Int(graph.resolved(index))]
        guard node.kind == .array || node.kind == .object else { return node.text }
        var text = ""
        var pending: [(index: Int32?, close: String)] = [(index, "")]
        while let (next, close) = pending.popLast(), text.utf8.count < 200 {
            guard let next else { text += close; continue }
            let child = graph.nodes[Int(graph.resolved(next))]
            switch child.kind {
            case .array, .object:
                text += child.kind == .array ? "[" : "{"
                pending.append((nil, child.kind == .array ? "]" : "}"))
                for (position, element) in child.children.enumerated().reversed() {
                    pending.append((element, ""))
                    if position > 0 { pending.append((nil, child.kind == .object && position % 2 == 1 ? ": " : ", ")) }
                }
            default:
                text += child.text
            }
        }
        return text
    }
}
