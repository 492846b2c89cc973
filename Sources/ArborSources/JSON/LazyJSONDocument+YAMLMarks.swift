import ArborCore
import ArborPath

extension LazyJSONDocument {
    /// Whether a container is the copy an alias of a large YAML file stands for: shown as the alias, holding nothing.
    func isAlias(_ container: Int32) -> Bool {
        guard let marks, container > 0 else { return false }
        return marks.alias(at: index.start[Int(container)]) != nil
    }

    /// A value's YAML marks on its item, as a file read whole shows them: an alias as one (opening to its anchor's
    /// value, holding nothing), the anchor and tag after the type.
    static func show(_ mark: YAMLMarks.Mark, on item: inout SourceItem) {
        if let alias = mark.alias {
            item.content.scalar = ScalarValue(.string, alias)
            item.childCount = 0
        }
        JSONDocumentBuilder.annotate(&item.content, with: mark.note, link: mark.link)
    }

    /// The path of a value found inside the copy an alias stands for, as a file read whole names it: from the
    /// value its anchor marked, through as many aliases as the path goes through. Nil where the path names no value.
    func pathThroughAliases(_ keys: [PathKey], at offset: Int) -> [PathKey]? {
        guard let marks, let copy = marks.copy(holding: offset), copy.depth < keys.count,
              case .container(var container)? = try? value(at: JSONDocumentMatch.pointer(of: copy.linkPath)) else { return nil }
        // From the anchored value the copy repeats: only the keys below the alias are looked up.
        var path = copy.linkPath
        for depth in copy.depth..<keys.count {
            let key = keys[depth]
            let segment: String
            switch key {
            case .name(let name): segment = JSONPointer.escape(name)
            case .index(let position): segment = String(position)
            }
            guard let member = member(named: Array(segment.utf8), in: container) else { return nil }
            path.append(key)
            guard depth < keys.count - 1 else { break }
            if let link = marks[member.value.lowerBound]?.linkPath {
                guard case .container(let anchored)? = try? value(at: JSONDocumentMatch.pointer(of: link)) else { return nil }
                (path, container) = (link, anchored)
            } else {
                guard member.container >= 0 else { return nil }
                container = member.container
            }
        }
        return path
    }
}

extension LazyJSONDocument {
    /// Whether the value at `offset` is an infinity or NaN of the YAML the document was written from.
    func isYAMLNumber(at offset: Int) -> Bool {
        marks != nil && bytes[offset] == UInt8(ascii: "\"") && bytes.withUnsafeBufferPointer { YAMLNumber.isWritten(in: $0, at: offset) }
    }
}
