import ArborCore
import ArborSources

/// What Arbor crosses into: the JSON in a document's strings and in a table's fields, and ids that name places
/// inside them, from arbitrary bytes.
extension FuzzTargets {
    /// The input before its first NUL byte read as a JSON document, after it as a CSV table without ids, both with
    /// their strings opened; both are walked, and every id the walk met, cut anywhere or with a `#/` part added,
    /// is asked for: an answer or an error, never a crash or a hang.
    static func crossing(_ bytes: [UInt8]) {
        let split = bytes.firstIndex(of: 0) ?? bytes.endIndex
        let document = Array(bytes[..<split])
        let table = split < bytes.endIndex ? Array(bytes[(split + 1)...]) : Array("name,payload\nann,\"{\"\"a\"\": [1]}\"\n".utf8)
        for (input, format) in [(document, SourceFormat.json), (table, .csv)] {
            guard let source = crossed(input, as: format) else { continue }
            let ids = walkedIDs(source, limit: 200)
            let performer = EffectPerformer(source: source)
            for id in ids.prefix(40) {
                for asked in [id, String(id.dropLast()), id + "#/", id + "#/0", id + "#", "#/" + id] {
                    _ = blockingPerform(performer, .loadItem(NodeStore.top, id: asked, generation: 0))
                    _ = blockingPerform(performer, .loadParent(NodeStore.top, id: asked, generation: 0))
                }
            }
        }
    }

    /// The input opened as `format` with what it holds crossed into, or nil when it is refused with a message.
    private static func crossed(_ bytes: [UInt8], as format: SourceFormat) -> (any HierarchySource)? {
        var request = SourceRequest(path: nil, format: format)
        request.crossesInto = true
        do {
            let kind = SourceKinds.kind(for: format.rawValue)!
            let opened = try kind.open(SourceInput(bytes: bytes, name: "f", origin: "f"), as: format, request: request)
            return EmbeddedJSONSource(opened.hierarchy)
        } catch {
            if error.message.isEmpty { fatalError("a refusal without a message") }
            return nil
        }
    }

    /// The ids a breadth-first walk of at most `limit` lists meets.
    static func walkedIDs(_ source: any HierarchySource, limit: Int) -> [String] {
        let performer = EffectPerformer(source: source)
        guard case .loaded(.root(_, .success(let root?))) = blockingPerform(performer, .loadRoot(generation: 0)) else { return [] }
        var queue = [root.id]
        var met: [String] = []
        while !queue.isEmpty, met.count < limit {
            let id = queue.removeFirst()
            met.append(id)
            if case .loaded(.children(_, _, .success(let items))) = blockingPerform(performer, .loadChildren(NodeStore.top, id: id, generation: 0)) {
                queue += items.map(\.id)
            }
        }
        return met
    }
}
