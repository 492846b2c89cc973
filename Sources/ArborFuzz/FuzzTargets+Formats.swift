import ArborCore
import ArborPath
import ArborSources

/// The readers of JSON Lines, XML, TOML, property lists and INI: each opens its input or refuses it with a
/// message, never a crash, and what it opens can be walked.
extension FuzzTargets {
    /// Every line is an item, malformed exactly when the full parser refuses it; reading the input in two parts
    /// (as a pipe gives it) finds the same lines as reading it whole.
    static func jsonl(_ bytes: [UInt8]) {
        guard let opened = open(bytes, as: .jsonl) else { fatalError("JSON Lines refused an input") }
        let lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).filter { line in
            line.contains { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D } && !(line.elementsEqual([0xEF, 0xBB, 0xBF]))
        }
        let malformed = lines.filter { line in (try? JSONDocument.parse(Array(line))) == nil }.count
        let items = blockingCount(opened.hierarchy, of: "")
        if items != lines.count, !bytes.starts(with: [0xEF, 0xBB, 0xBF]) { fatalError("\(items) items for \(lines.count) lines") }
        if opened.problems.count != min(malformed, 21), malformed <= 20, !bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            fatalError("\(opened.problems.count) problems for \(malformed) malformed lines")
        }
        walk(opened.hierarchy, limit: 200)
        let split = bytes.isEmpty ? 0 : Int(bytes[0]) % (bytes.count + 1)
        if JSONLinesParts.count(bytes, splitAt: split) != items { fatalError("reading in two parts found other lines") }
    }

    static func xml(_ bytes: [UInt8]) {
        if let opened = open(bytes, as: .xml) { walk(opened.hierarchy, limit: 200) }
    }

    static func toml(_ bytes: [UInt8]) {
        if let opened = open(bytes, as: .toml) { walk(opened.hierarchy, limit: 200) }
    }

    static func plist(_ bytes: [UInt8]) {
        if let opened = open(bytes, as: .plist) { walk(opened.hierarchy, limit: 200) }
    }

    static func ini(_ bytes: [UInt8]) {
        if let opened = open(bytes, as: .ini) { walk(opened.hierarchy, limit: 200) }
    }

    /// The input opened as `format`, or nil when it is refused with a message.
    private static func open(_ bytes: [UInt8], as format: SourceFormat) -> OpenedSource? {
        let kind = SourceKinds.kind(for: format.rawValue)!
        do {
            return try kind.open(SourceInput(bytes: bytes, name: "f", origin: "f"), as: format, request: SourceRequest(path: nil, format: format))
        } catch {
            if error.message.isEmpty { fatalError("a refusal without a message") }
            return nil
        }
    }

    private static func blockingCount(_ source: any HierarchySource, of id: String) -> Int {
        let performer = EffectPerformer(source: source)
        guard case .loaded(.children(_, _, .success(let items))) = blockingPerform(performer, .loadChildren(NodeStore.top, id: id, generation: 0))
        else { return -1 }
        return items.count
    }
}

extension FuzzTargets {
    /// Two JSON documents (the input split at its first NUL byte): the patch `arbor diff` makes from the first
    /// to the second, applied to the first, gives the second (a repeated key read as its last value), whether the
    /// documents are compared as values or read from their bytes through the index, as files are.
    static func diff(_ bytes: [UInt8]) {
        guard let split = bytes.firstIndex(of: 0),
              let old = try? JSONPathValue(parsing: String(decoding: bytes[..<split], as: UTF8.self)),
              let new = try? JSONPathValue(parsing: String(decoding: bytes[(split + 1)...], as: UTF8.self)) else { return }
        let difference = DocumentDiff.compare(old, new)
        let (before, after) = (DocumentDiff.lastKeysWin(old), DocumentDiff.lastKeysWin(new))
        if difference.isEmpty != (before == after) { fatalError("equal documents with changes, or different ones without") }
        guard PatchApplier.apply(difference.patch, to: before) == after else { fatalError("the patch does not make the first into the second") }
        // The index may refuse what the parser reads (a byte-order mark, say): files it refuses are read as values.
        guard let oldIndex = IndexedJSON(bytes: Array(bytes[..<split])), let newIndex = IndexedJSON(bytes: Array(bytes[(split + 1)...])) else {
            return
        }
        let indexed = DiffTree(oldIndex.top, newIndex.top).difference
        if indexed.isEmpty != (before == after) { fatalError("read from the bytes: equal documents with changes, or the reverse") }
        guard PatchApplier.apply(indexed.patch, to: before) == after else { fatalError("read from the bytes: the patch is wrong") }
    }
}
