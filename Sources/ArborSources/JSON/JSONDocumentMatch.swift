import ArborCore
import ArborPath

/// A query's match in an indexed JSON document: where its value is, its id (a JSON pointer) and title read from
/// the match's path, and its value decoded or written as JSON only when asked for.
struct JSONDocumentMatch: QueryMatchSubject {
    let document: LazyJSONDocument
    /// The container the value is, or -1 for a scalar.
    let container: Int32
    let range: Range<Int>
    /// For a value found inside the copy a YAML alias stands for, the path of the value the copy repeats (its item).
    var itemPath: [PathKey]? = nil

    func itemID(path: [PathKey]) -> String { Self.pointer(of: itemPath ?? path) }

    /// The JSON pointer of a path.
    static func pointer(of path: [PathKey]) -> String {
        var pointer = ""
        for key in path { JSONPointer.append(key, to: &pointer) }
        return pointer
    }

    /// The pointers of the path's beginnings, the longest first, then the root's (`""`).
    func ancestorIDs(path: [PathKey]) -> [String]? {
        var pointers = [""]
        pointers.reserveCapacity(path.count)
        var pointer = ""
        for key in (itemPath ?? path).dropLast() {
            JSONPointer.append(key, to: &pointer)
            pointers.append(pointer)
        }
        return pointers.reversed()
    }

    func itemTitle(path: [PathKey]) -> String {
        switch path.last {
        case .name(let text)?: return text
        case .index(let position)?: return "[\(position)]"
        case nil: return document.displayName
        }
    }

    var value: JSONPathValue {
        JSONIndexWalk.with(document) { JSONIndexPathNode(walk: $0, container: container, range: range).value }
    }

    /// Written from the document's bytes: they hold an infinity or NaN only where written from YAML.
    func appendCompactJSON(to bytes: inout [UInt8]) -> Bool {
        document.bytes.withUnsafeBufferPointer {
            JSONCompactWriter.append($0, range, to: &bytes, yamlNumbers: document.marks != nil) { document.text(of: $0) }
        }
    }
}
