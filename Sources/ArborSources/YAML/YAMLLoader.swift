import ArborCore
import Yams

/// Reads YAML through Yams into the same flat ``JSONDocument`` the JSON sources use, so a YAML file is an
/// object tree or a document by the same rules. A stream of several documents is a list of documents.
public enum YAMLLoader {
    /// Parses every document of the stream; errors carry the line and column.
    public static func documents(_ bytes: [UInt8], origin: String) throws(SourceLoadError) -> [JSONDocument] {
        let text = String(decoding: bytes, as: UTF8.self)
        do {
            var result: [JSONDocument] = []
            var stream = try Yams.compose_all(yaml: text)
            let limit = max(100_000, bytes.count * 4)
            while let root = stream.next() {
                guard let document = convert(root, limit: limit) else {
                    throw SourceLoadError("\(origin): the YAML expands to more than \(limit) values (aliases repeating aliases?); refused")
                }
                result.append(document)
            }
            if let error = stream.error { throw error }
            return result
        } catch let error as YamlError {
            throw SourceLoadError("\(origin):\(describe(error))")
        } catch let error as SourceLoadError {
            throw error
        } catch {
            throw SourceLoadError("\(origin): invalid YAML: \(error)")
        }
    }

    /// One document whose top array holds every document of a stream.
    public static func stream(_ documents: [JSONDocument]) -> JSONDocument {
        var combined = JSONDocument()
        combined.nodes.append(JSONDocument.Node(kind: .array, key: nil, text: "", parent: -1))
        var previousTop: Int32 = -1
        for document in documents {
            let offset = Int32(combined.nodes.count)
            for var node in document.nodes {
                node.parent = node.parent < 0 ? 0 : node.parent + offset
                if node.firstChild >= 0 { node.firstChild += offset }
                if node.nextSibling >= 0 { node.nextSibling += offset }
                combined.nodes.append(node)
            }
            if previousTop >= 0 { combined.nodes[Int(previousTop)].nextSibling = offset } else { combined.nodes[0].firstChild = offset }
            previousTop = offset
            combined.nodes[0].childCount += 1
        }
        return combined
    }

    /// `LINE:COLUMN: invalid YAML: problem` for the errors that have a place.
    static func describe(_ error: YamlError) -> String {
        switch error {
        case .scanner(_, let problem, let mark, _), .parser(_, let problem, let mark, _), .composer(_, let problem, let mark, _):
            return "\(mark.line):\(mark.column): invalid YAML: \(problem)"
        case .reader(let problem, let offset, _, _):
            return " invalid YAML: \(problem)" + (offset.map { " at byte \($0)" } ?? "")
        default:
            return " invalid YAML: \(error)"
        }
    }

    /// Flattens a node tree iteratively (no recursion over depth); nil when it holds more than `limit` values,
    /// as aliases of aliases can make a few lines stand for billions.
    static func convert(_ root: Node, limit: Int = .max) -> JSONDocument? {
        var document = JSONDocument()
        var pending: [(node: Node, key: String?, parent: Int32)] = [(root, nil, -1)]
        var lastChild: [Int32: Int32] = [:]
        while !pending.isEmpty {
            if document.nodes.count >= limit { return nil }
            let (node, key, parent) = pending.removeLast()
            let index = Int32(document.nodes.count)
            var value = JSONDocument.Node(kind: .null, key: key, text: "", parent: parent)
            var children: [(Node, String?)] = []
            switch node {
            case .scalar(let scalar):
                value.text = scalar.string
                switch Resolver.default.resolveTag(of: node).rawValue {
                case Tag.Name.null.rawValue: value.kind = .null
                case Tag.Name.bool.rawValue: value.kind = .bool
                case Tag.Name.int.rawValue, Tag.Name.float.rawValue: value.kind = .number
                default: value.kind = .string
                }
            case .mapping(let mapping):
                value.kind = .object
                children = mapping.map { ($1, $0.string ?? "\($0)") }
            case .sequence(let sequence):
                value.kind = .array
                children = sequence.map { ($0, nil) }
            case .alias(let alias):
                value.kind = .string
                value.text = "*" + alias.anchor.rawValue
            }
            value.childCount = Int32(children.count)
            document.append(value, lastChild: &lastChild)
            for (child, childKey) in children.reversed() { pending.append((child, childKey, index)) }
        }
        return document
    }
}
