import ArborPath
import CYAMLBlock

extension YAMLMarks {
    /// The anchors, tags and aliases the block reader read (`read`'s marks, their names in `yaml`), as the
    /// transcoder keeps them: an alias links to the path of the value its anchor marked, each anchor's aliases
    /// sharing one link. Comments are not among them: a block reader's document reads them from its lines.
    init(reading read: arbor_yaml_json, yaml: UnsafeBufferPointer<UInt8>, json: SourceBytes) {
        self.init()
        guard read.mark_count > 0, let marks = read.marks else { return }
        let text = { (start: Int64, count: Int32) -> String? in
            count > 0 ? String(decoding: UnsafeBufferPointer(rebasing: yaml[Int(start)..<Int(start) + Int(count)]), as: UTF8.self) : nil
        }
        reserve(Int(read.mark_count))
        var links: [Int64: Int32] = [:]
        for index in 0..<Int(read.mark_count) {
            let mark = marks[index]
            guard mark.is_alias != 0 else {
                add(anchor: text(mark.name, mark.name_count), tag: text(mark.tag, Int32(mark.tag_count)), at: Int(mark.start))
                continue
            }
            let link: Int32
            if let known = links[mark.link] {
                link = known
            } else {
                let anchored = marks[Int(mark.link)]
                let path = (0..<Int(anchored.levels)).map { Self.pathKey(read.paths[Int(anchored.link) + $0], in: json) }
                link = self.link("*" + (text(mark.name, mark.name_count) ?? ""), to: path, shared: false)
                links[mark.link] = link
            }
            add(alias: link, comment: nil, copying: Int(mark.start)..<Int(mark.end), depth: Int(mark.levels))
        }
        finish()
    }

    /// A member of a path as the block reader records it: a sequence's index, or -1 minus where a key's JSON
    /// string starts in the text.
    private static func pathKey(_ member: Int64, in json: SourceBytes) -> PathKey {
        guard member < 0 else { return .index(Int(member)) }
        let start = Int(-1 - member) + 1
        return json.withUnsafeBufferPointer { bytes in
            var end = start
            while end < bytes.count, bytes[end] != UInt8(ascii: "\"") { end += bytes[end] == UInt8(ascii: "\\") ? 2 : 1 }
            return .name(JSONStringDecoder.text(bytes, from: start, to: end))
        }
    }
}
