import ArborPath
import CYAMLBlock
#if canImport(Glibc)
import Glibc
#endif

/// The anchors, tags and aliases the block reader read, kept in the buffers it wrote them to (32 bytes a value,
/// the names and tags once each beside them) rather than converted, and read as the transcoder's ``YAMLMarks``
/// are: an alias links to the path of the value its anchor marked. Comments are not among them: a block reader's
/// document reads them from its lines.
final class YAMLReadMarks: @unchecked Sendable {
    private let marks: UnsafeMutablePointer<arbor_yaml_value_mark>
    private let count: Int
    private let names: UnsafeMutablePointer<UInt8>?
    private let paths: UnsafeMutablePointer<Int64>?
    /// The JSON text, where the keys of anchors' paths are read from.
    private let json: SourceBytes
    /// Whether some value is an alias.
    let hasAliases: Bool

    /// Takes `read`'s marks, names and paths, leaving it none; nil (taking nothing) where it has no marks or they
    /// are not in the order of their values, which every lookup here assumes.
    init?(taking read: inout arbor_yaml_json, json: SourceBytes) {
        guard read.mark_count > 0, let marks = read.marks else { return nil }
        let count = Int(read.mark_count)
        var aliases = false
        for index in 0..<count {
            if index > 0, marks[index].start < marks[index - 1].start { return nil }
            aliases = aliases || arbor_yaml_is_alias(marks + index) != 0
        }
        (self.marks, self.count, names, paths, self.json, hasAliases) = (marks, count, read.names, read.paths, json, aliases)
        (read.marks, read.names, read.paths) = (nil, nil, nil)
    }

    deinit {
        free(marks)
        free(names)
        free(paths)
    }

    /// Where the values with marks start, in order.
    var offsets: [Int] { (0..<count).map { Int(marks[$0].start) } }

    /// The marks of the value at `offset`, if it has any.
    func mark(at offset: Int) -> YAMLMarks.Mark? {
        let index = firstMark(from: offset)
        guard index < count, marks[index].start == offset else { return nil }
        let mark = marks[index]
        guard arbor_yaml_is_alias(marks + index) != 0 else {
            return YAMLMarks.Mark(anchor: text(mark.name, mark.name_count), tag: text(mark.tag, mark.tag_count))
        }
        return YAMLMarks.Mark(alias: "*" + (text(mark.name, mark.name_count) ?? ""), linkPath: path(ofAnchored: marks + index))
    }

    /// For a value inside the copy an alias stands for (not the copy itself), the alias's depth (the keys of its
    /// path) and the path of the value its anchor marked. Nothing is marked inside a copy, so the copy holding
    /// `offset` is the last mark starting before it.
    func copy(holding offset: Int) -> (depth: Int, linkPath: [PathKey])? {
        let index = firstMark(from: offset) - 1
        guard index >= 0, arbor_yaml_is_alias(marks + index) != 0, offset < marks[index].end else { return nil }
        return (Int(marks[index].levels), path(ofAnchored: marks + index))
    }

    /// The first mark whose value starts at `offset` or after it.
    private func firstMark(from offset: Int) -> Int {
        var (low, high) = (0, count)
        while low < high {
            let middle = (low + high) / 2
            if marks[middle].start < offset { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The path of the value the alias `alias` repeats, as its anchor recorded it: a sequence's index, or -1 minus
    /// where a key's JSON string starts in the text.
    private func path(ofAnchored alias: UnsafePointer<arbor_yaml_value_mark>) -> [PathKey] {
        let anchored = marks[Int(arbor_yaml_anchored(alias))]
        guard let paths, anchored.link >= 0 else { return [] }
        return (0..<Int(anchored.levels)).map { level in
            let member = paths[Int(anchored.link) + level]
            guard member < 0 else { return .index(Int(member)) }
            let quote = Int(-1 - member)
            return json.withUnsafeBufferPointer { bytes in
                var end = quote
                _ = JSONGrammar.skipString(bytes, &end)
                return .name(JSONStringDecoder.text(bytes, from: quote + 1, to: end - 1))
            }
        }
    }

    private func text(_ start: UInt32, _ count: UInt8) -> String? {
        guard count > 0, let names else { return nil }
        return String(decoding: UnsafeBufferPointer(start: names + Int(start), count: Int(count)), as: UTF8.self)
    }
}
