/// The check the fuzzing runs on every input: the JSON text a YAML file is indexed from (``YAMLBlockReader``'s,
/// else ``YAMLTranscoder``'s) holds the values the whole-stream reader (``YAMLLoader``) reads from it.
package enum YAMLIndexCheck {
    /// Whether the readers agree on `bytes`: the block reader's text, where it writes one, is the transcoder's
    /// byte for byte; the transcoder's holds the same values as the whole-stream reader where both read them, and
    /// no JSON text is written where the YAML is invalid.
    package static func agrees(_ bytes: [UInt8]) -> Bool {
        let text = YAMLLoader.text(bytes)
        let block = YAMLBlockReader.json(SourceBytes(bytes)).map { Array($0) }
        let transcoded: [UInt8]?
        do {
            transcoded = try YAMLTranscoder.json(text, limit: 4 * text.count + (1 << 20))
        } catch {
            // What the transcoder refuses, the reader refuses too (the same parser saw the same bytes).
            return block == nil && (try? YAMLLoader.documents(text, origin: "f")) == nil
        }
        if let block, let transcoded, block != transcoded { return false }
        if let block, transcoded == nil {
            // A stream of several documents: their list.
            guard let documents = try? YAMLLoader.documents(text, origin: "f"), documents.count > 1,
                  let read = try? JSONTreeReader.parse(block, origin: "f"), read.nodes[0].kind == .array else { return false }
            let top = read.children(of: 0)
            return top.count == documents.count && zip(top, documents).allSatisfy { same(read, $0, $1, 0) }
        }
        guard let transcoded, let documents = try? YAMLLoader.documents(text, origin: "f") else { return true }
        guard documents.count == 1, let read = try? JSONTreeReader.parse(transcoded, origin: "f") else { return false }
        return same(read, 0, documents[0], 0)
    }

    /// Whether the index the block reader builds as it writes its text holds what a scan of that text finds: the
    /// same containers, members and checkpoints; true where none is built (a stream, a second part whose aliases
    /// wait for the first part's anchors).
    package static func textIndexAgrees(_ bytes: [UInt8]) -> Bool {
        guard let read = YAMLBlockReader.text(SourceBytes(bytes), indexing: true), var built = read.index else { return true }
        read.json.withUnsafeBufferPointer { built.settleCheckpoints(in: $0) }
        guard let scanned = read.json.withUnsafeBufferPointer({ JSONDocumentScanner.scan($0) }) else { return false }
        return built.holdsTheSameContainers(as: scanned)
    }

    /// Whether a value of the JSON text is the reader's: a number JSON cannot write is its text, a null or a
    /// boolean by its kind, everything else by its text, members in order.
    private static func same(_ json: JSONDocument, _ at: Int32, _ yaml: JSONDocument, _ other: Int32) -> Bool {
        let (a, b) = (json.nodes[Int(at)], yaml.nodes[Int(other)])
        guard a.key == b.key else { return false }
        switch b.kind {
        case .object, .array:
            let (mine, theirs) = (json.children(of: at), yaml.children(of: other))
            return a.kind == b.kind && mine.count == theirs.count && zip(mine, theirs).allSatisfy { same(json, $0, yaml, $1) }
        case .number:
            guard let literal = YAMLNumber.json(b.text) else { return a.kind == .string && a.text == b.text }
            // An infinity or NaN is a string of its text, marked by its escaped `.`.
            if literal.hasPrefix("\"") { return a.kind == .string && a.text == b.text }
            return a.kind == .number && a.text == literal
        case .bool: return a.kind == .bool && a.text == (b.text.first.map { $0 == "t" || $0 == "T" } == true ? "true" : "false")
        case .null: return a.kind == .null
        case .string: return a.kind == .string && a.text == b.text
        }
    }

    /// Whether the documents read with their aliases kept (what the browser shows) hold what the documents read
    /// with them expanded hold: each alias names an anchored value before it, and following the aliases gives the
    /// same values. Where expanding refuses an alias bomb, keeping reads it; where the YAML is invalid, both refuse.
    package static func aliasesKeptAgree(_ bytes: [UInt8]) -> Bool {
        let kept = try? YAMLLoader.documents(bytes, origin: "f", aliases: .kept)
        let expanded: [JSONDocument]
        do {
            expanded = try YAMLLoader.documents(bytes, origin: "f")
        } catch {
            return error.message.contains("expands to more than") ? kept != nil : kept == nil
        }
        guard let kept, kept.count == expanded.count else { return false }
        return zip(kept, expanded).allSatisfy { holdsFollowingAliases($0, $1) }
    }

    /// Whether a document the block reader writes, read through the index, has the comments the file read whole
    /// has at each value (``YAMLLineComments``); true for what the block reader does not read.
    package static func commentsAgree(_ bytes: [UInt8]) -> Bool {
        guard let read = YAMLBlockReader.text(SourceBytes(bytes)),
              let kept = try? YAMLLoader.documents(bytes, origin: "f", aliases: .kept) else { return true }
        guard let indexed = LazyJSONDocument(bytes: read.json, name: "f", race: nil, isStream: read.documents > 1)?.with(marks: read.marks)
            .with(YAMLLineComments(yaml: SourceBytes(bytes), json: read.json, flows: read.flows)) else { return false }
        let whole = kept.count == 1 ? kept[0] : YAMLLoader.stream(kept)
        guard whole.nodes.first.map({ $0.kind == .object || $0.kind == .array }) == true else { return true }
        var pending: [(node: Int32, container: Int32)] = [(0, 0)]
        while let (node, container) = pending.popLast() {
            let members = indexed.index.members(of: container, in: 0..<Int.max, bytes: indexed.bytes)
            let children = whole.children(of: node)
            guard members.count == children.count else { return false }
            for (member, child) in zip(members, children) {
                guard indexed.yamlComment(of: member) == whole.yamlNotes[child]?.comment else { return false }
                // An alias holds nothing, as the file read whole shows it.
                if member.container >= 0, !indexed.isAlias(member.container) { pending.append((child, member.container)) }
            }
        }
        return true
    }

    /// Whether a document the transcoder writes, read through the index with its ``YAMLMarks``, shows each value's
    /// anchor, tag, alias (with its link) and comments as the file read whole shows them; and so does one the block
    /// reader writes, with its marks and the comments read from its lines. True for what each leaves to another.
    package static func marksAgree(_ bytes: [UInt8]) -> Bool {
        let text = YAMLLoader.text(bytes)
        guard let kept = try? YAMLLoader.documents(text, origin: "f", aliases: .kept), kept.count == 1 else { return true }
        let isCollection = kept[0].nodes.first.map { $0.kind == .object || $0.kind == .array } ?? false
        if let transcoded = try? YAMLTranscoder.text(text, limit: 4 * text.count + (1 << 20)) {
            guard let indexed = LazyJSONDocument(bytes: SourceBytes(transcoded.json), name: "f", race: nil)?.with(marks: transcoded.marks)
            else { return !isCollection }
            guard shows(indexed, as: kept[0], commentsFromLines: false) else { return false }
        }
        guard let read = YAMLBlockReader.text(SourceBytes(bytes)), read.documents == 1 else { return true }
        guard let indexed = LazyJSONDocument(bytes: read.json, name: "f", race: nil)?.with(marks: read.marks)
            .with(YAMLLineComments(yaml: SourceBytes(bytes), json: read.json, flows: read.flows)) else { return !isCollection }
        return shows(indexed, as: kept[0], commentsFromLines: true)
    }

    /// Whether each value of `indexed` shows as `kept` (read whole) shows it: its id, link, alias, children, the
    /// marks in its subtitle and its comments (the root's only where they are among the marks).
    private static func shows(_ indexed: LazyJSONDocument, as kept: JSONDocument, commentsFromLines: Bool) -> Bool {
        let whole = JSONDocumentBuilder().hierarchy(from: kept, name: "f")
        // A value's marks follow its type in the subtitle; the type itself is the index's (`0x1F` is a number written in decimal there).
        let marks = { (subtitle: String) in subtitle.hasPrefix("alias of") ? subtitle : subtitle.split(separator: " · ").dropFirst().joined() }
        let root = indexed.rootItem()
        guard commentsFromLines || root.content.description == whole.nodes[0].content.description,
              marks(root.content.subtitle) == marks(whole.nodes[0].content.subtitle) else { return false }
        var pending: [(node: Int32, container: Int32)] = [(0, 0)]
        while let (node, container) = pending.popLast() {
            let children = whole.nodes[Int(node)].children
            let members = indexed.index.members(of: container, in: 0..<Int.max, bytes: indexed.bytes)
            guard members.count == children.count else { return false }
            for (member, child) in zip(members, children) {
                var shown = indexed.item(for: member, in: container, parentID: whole.nodes[Int(node)].id)
                if commentsFromLines, let comment = indexed.yamlComment(of: member) { shown.content.description = comment }
                let (mine, theirs) = (shown.content, whole.nodes[Int(child)].content)
                guard shown.id == whole.nodes[Int(child)].id, mine.link == theirs.link, marks(mine.subtitle) == marks(theirs.subtitle),
                      mine.description == theirs.description,
                      (mine.scalar?.kind == .alias) == (theirs.scalar?.kind == .alias),
                      mine.scalar?.kind != .alias || mine.body == theirs.body,
                      (shown.childCount ?? 0) == whole.nodes[Int(child)].children.count else { return false }
                if shown.childCount ?? 0 > 0 { pending.append((child, member.container)) }
            }
        }
        return true
    }

    private static func holdsFollowingAliases(_ kept: JSONDocument, _ expanded: JSONDocument) -> Bool {
        var pending: [(Int32, Int32)] = [(0, 0)]
        while let (at, other) = pending.popLast() {
            var target = at
            if let alias = kept.yamlNotes[at], alias.aliasOf >= 0 {
                guard alias.aliasOf < at, kept.yamlNotes[alias.aliasOf]?.anchor != nil else { return false }
                target = alias.aliasOf
            }
            let (a, b) = (kept.nodes[Int(target)], expanded.nodes[Int(other)])
            guard kept.nodes[Int(at)].key == b.key, a.kind == b.kind, a.text == b.text, a.childCount == b.childCount else { return false }
            pending += zip(kept.children(of: target), expanded.children(of: other)).map { ($0, $1) }
        }
        return true
    }
}
