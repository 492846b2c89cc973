#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// The comments written at the values of a large YAML file in the block style, read through the JSON index:
/// found from a value's line when its item is asked for, since the JSON text puts each value on its YAML line.
/// They follow the rules a file read whole follows (``YAMLComments``): the comment lines just above a value's
/// line, indented no deeper than its key (or its own start in a list), and the comment ending its line after a
/// scalar of one line, or after the key of a collection on the lines below.
final class YAMLLineComments: Sendable {
    private let yaml: SourceBytes
    private let json: SourceBytes
    /// Where the flow collections written on one line start and end in the JSON text, in pairs, in order.
    private let flows: YAMLFlowOffsets
    /// Where some lines start (``LineMarks``), in the YAML and in its JSON text, found in one pass over each the
    /// first time a comment is asked for (the YAML's pages given back as they are passed).
    private let lineStarts = Mutex<(yaml: LineMarks, json: LineMarks)?>(nil)

    /// Lines between two recorded line starts.
    static let stride = 256

    init(yaml: SourceBytes, json: SourceBytes, flows: YAMLFlowOffsets) {
        self.yaml = yaml
        self.json = json
        self.flows = flows
    }

    /// Where a value stands to the flow collections written on one line: at one's start, inside one, or neither.
    enum FlowPlace { case outside, start, inside }

    /// Where the value starting at `offset` of the JSON text stands to the flow collections.
    func flowPlace(ofValueAt offset: Int) -> FlowPlace {
        var low = 0, high = flows.count / 2
        while low < high {
            let middle = (low + high) / 2
            if flows[2 * middle] <= offset { low = middle + 1 } else { high = middle }
        }
        guard low > 0 else { return .outside }
        let (start, end) = (flows[2 * low - 2], flows[2 * low - 1])
        return offset == start ? .start : offset < end ? .inside : .outside
    }

    /// The comment of the value whose key (or, without one, whose value) starts at `offset` of the JSON text and
    /// whose value starts at `valueOffset`; `keyed` for an object's member, `collection` for a value that is an
    /// object or an array spread over the lines below (`leavesAbove` when it has no key and its first member
    /// starts where it does, which then takes the comment above). A value without a key on a line of several
    /// list entries (`- - x`) is the one `listsOpening` lists start from it on its line before the line's last.
    func comment(atJSONOffset offset: Int, valueOffset: Int, keyed: Bool, collection: Bool, leavesAbove: Bool,
                 listsOpening: Int = 0) -> String? {
        let starts = tables()
        let line = starts.json.line(of: offset, in: json)
        guard let range = starts.yaml.range(of: line, in: yaml) else { return nil }
        // The only value the block reader writes on a `---` line is an empty document's null.
        if Self.isDocumentMarker(yaml, range) { return emptyDocumentComment(marker: line, starts.yaml) }
        // A scalar on the line below its key has its own line's comment.
        let valueLine = keyed && !collection ? starts.json.line(of: valueOffset, in: json) : line
        let trailingRange = valueLine == line ? range : starts.yaml.range(of: valueLine, in: yaml)
        let columns = tokenColumns(range)
        let column = keyed ? columns[columns.count - 1] : columns[max(0, columns.count - 1 - listsOpening)]
        var lines: [String] = []
        if !leavesAbove {
            var above = line - 1
            while above >= 0, let range = starts.yaml.range(of: above, in: yaml),
                  let text = YAMLComments.commentLine(yaml, range, indentAtMost: column) {
                lines.append(text)
                above -= 1
            }
            lines.reverse()
        }
        if !(collection && !keyed), let trailingRange,
           let trailing = trailing(trailingRange, from: trailingRange.lowerBound + (valueLine == line ? column : tokenColumns(trailingRange).last!),
                                   keyed: keyed && valueLine == line) {
            lines.append(trailing)
        }
        return lines.isEmpty ? nil : lines.joined(separator: "\n")
    }

    /// The comment of an empty document whose `---` is on line `marker`: as the file read whole takes it, the
    /// comment lines at the first column just above where its null is marked, the next `---` line or the line
    /// after the input's last line break (none when the input ends without one); where the input ends on the
    /// marker's line, the comment lines just above it however indented (found by fuzzing).
    private func emptyDocumentComment(marker: Int, _ starts: LineMarks) -> String? {
        var end = marker + 1
        var floor = marker
        var indent = 0
        while true {
            guard let range = starts.range(of: end, in: yaml) else {
                // A stream ending on the marker's line marks the null there, under the comment lines above it.
                guard end == marker + 1 else { return nil }
                (end, floor, indent) = (marker, -1, Int.max)
                break
            }
            if Self.isDocumentMarker(yaml, range) || (range.isEmpty && range.lowerBound == yaml.count) { break }
            end += 1
        }
        var lines: [String] = []
        var above = end - 1
        while above > floor, let range = starts.range(of: above, in: yaml), let text = YAMLComments.commentLine(yaml, range, indentAtMost: indent) {
            lines.append(text)
            above -= 1
        }
        return lines.isEmpty ? nil : lines.reversed().joined(separator: "\n")
    }

    /// Whether the YAML line in `range` starts a document (`---` alone or before a space).
    private static func isDocumentMarker(_ yaml: SourceBytes, _ range: Range<Int>) -> Bool {
        let dash = UInt8(ascii: "-")
        guard range.count >= 3, yaml[range.lowerBound] == dash, yaml[range.lowerBound + 1] == dash, yaml[range.lowerBound + 2] == dash
        else { return false }
        return range.count == 3 || yaml[range.lowerBound + 3] == UInt8(ascii: " ") || yaml[range.lowerBound + 3] == UInt8(ascii: "\t")
            || yaml[range.lowerBound + 3] == UInt8(ascii: "\r")
    }

    /// Records where some lines start in both texts (``LineMarks``), once.
    func prepare() {
        _ = tables()
    }

    private func tables() -> (yaml: LineMarks, json: LineMarks) {
        lineStarts.withLock { found in
            if let found { return found }
            let made = (LineMarks(yaml, releasing: true), LineMarks(json, releasing: true))
            found = made
            return made
        }
    }

    /// Where some lines start: every ``YAMLLineComments/stride``-th line, and a line at least every 64 KiB, so
    /// that a line is found by reading no more than that past a mark (and the line itself).
    struct LineMarks: Sendable {
        private var lines: [Int] = [0]
        private var offsets: [Int] = [0]

        /// The marks of `bytes`, in one pass; with `releasing`, the pages passed are given back.
        init(_ bytes: SourceBytes, releasing: Bool) {
            bytes.withUnsafeBufferPointer { buffer in
                guard let base = buffer.baseAddress else { return }
                var line = 0
                var at = 0
                var given = 0
                while at < buffer.count, let found = memchr(base + at, 0x0A, buffer.count - at) {
                    at = base.distance(to: found.assumingMemoryBound(to: UInt8.self)) + 1
                    line += 1
                    if line % stride == 0 || at - offsets[offsets.count - 1] >= 64 << 10 {
                        lines.append(line)
                        offsets.append(at)
                    }
                    if releasing, at - given >= 256 << 10 {
                        MappedPages.read(given..<at, from: base)
                        given = at
                    }
                }
                if releasing { MappedPages.read(given..<buffer.count, from: base) }
            }
        }

        /// The last mark at or before `value` in `marks` (ascending), as an index.
        private static func last(_ marks: [Int], atOrBefore value: Int) -> Int {
            var low = 0
            var high = marks.count
            while low < high {
                let middle = (low + high) / 2
                if marks[middle] <= value { low = middle + 1 } else { high = middle }
            }
            return max(0, low - 1)
        }

        /// The line (from 0) `offset` of `bytes` is on.
        func line(of offset: Int, in bytes: SourceBytes) -> Int {
            let mark = Self.last(offsets, atOrBefore: offset)
            var line = lines[mark]
            var at = offsets[mark]
            while at < offset {
                if bytes[at] == 0x0A { line += 1 }
                at += 1
            }
            return line
        }

        /// The bytes of line `line` (from 0) of `bytes`, without its line break (LF or CR LF) or, on the first
        /// line, a byte order mark; nil past the last.
        func range(of line: Int, in bytes: SourceBytes) -> Range<Int>? {
            guard line >= 0 else { return nil }
            let mark = Self.last(lines, atOrBefore: line)
            var at = offsets[mark]
            for _ in lines[mark]..<line {
                while at < bytes.count, bytes[at] != 0x0A { at += 1 }
                guard at < bytes.count else { return nil }
                at += 1
            }
            var end = at
            while end < bytes.count, bytes[end] != 0x0A { end += 1 }
            if end > at, end < bytes.count, bytes[end - 1] == 0x0D { end -= 1 }
            if line == 0, end - at >= 3, bytes[at] == 0xEF, bytes[at + 1] == 0xBB, bytes[at + 2] == 0xBF { at += 3 }
            return at..<end
        }
    }

    /// The columns of the line's `- ` (and `? `) indicators and, last, of its first token past them; for a line
    /// with no token past them (an empty entry, maybe with a comment), the column after the last indicator,
    /// where the parser marks the null it stands for.
    private func tokenColumns(_ range: Range<Int>) -> [Int] {
        var columns: [Int] = []
        var at = range.lowerBound
        while at < range.upperBound {
            let byte = yaml[at]
            if byte == UInt8(ascii: " ") {
                at += 1
            } else if byte == UInt8(ascii: "-") || byte == UInt8(ascii: "?"),
                      at + 1 == range.upperBound || yaml[at + 1] == UInt8(ascii: " ") {
                columns.append(at - range.lowerBound)
                at += 1
            } else {
                break
            }
        }
        if let last = columns.last, at == range.upperBound || yaml[at] == UInt8(ascii: "#") {
            columns.append(last + 1)
        } else {
            columns.append(at - range.lowerBound)
        }
        return columns
    }


    /// The comment ending the line after its key and the scalar of one line that follows (none after a block
    /// scalar's indicator, whose text is on the lines below).
    private func trailing(_ range: Range<Int>, from start: Int, keyed: Bool) -> String? {
        var at = start
        if keyed {
            at = passScalar(from: at, in: range, endingAtColon: true)
            // A quoted key may have spaces before its colon.
            while at < range.upperBound, yaml[at] == UInt8(ascii: " ") { at += 1 }
            guard at < range.upperBound, yaml[at] == UInt8(ascii: ":") else { return nil }
            at += 1
        }
        while at < range.upperBound, yaml[at] == UInt8(ascii: " ") { at += 1 }
        // A value's anchor and tag come before it.
        while at < range.upperBound, yaml[at] == UInt8(ascii: "&") || yaml[at] == UInt8(ascii: "!") {
            while at < range.upperBound, yaml[at] != UInt8(ascii: " ") { at += 1 }
            while at < range.upperBound, yaml[at] == UInt8(ascii: " ") { at += 1 }
        }
        if at < range.upperBound, yaml[at] == UInt8(ascii: "|") || yaml[at] == UInt8(ascii: ">") { return nil }
        if at < range.upperBound, yaml[at] == UInt8(ascii: "[") || yaml[at] == UInt8(ascii: "{") {
            at = passFlow(from: at, in: range)
        } else if at < range.upperBound, yaml[at] != UInt8(ascii: "#") {
            at = passScalar(from: at, in: range, endingAtColon: false)
        }
        while at < range.upperBound, yaml[at] == UInt8(ascii: " ") { at += 1 }
        guard at < range.upperBound, at > range.lowerBound, yaml[at] == UInt8(ascii: "#"), yaml[at - 1] == UInt8(ascii: " ") else { return nil }
        return YAMLComments.text(yaml, from: at, to: range.upperBound)
    }

    /// Past a flow collection on the line (the block reader reads no other): to its closing bracket, the
    /// brackets and a ` #` inside its quoted scalars passed over. A quote opens a scalar only where one starts
    /// (`it's` is plain).
    private func passFlow(from start: Int, in range: Range<Int>) -> Int {
        var at = start, depth = 0, scalarMayStart = true
        while at < range.upperBound {
            let byte = yaml[at]
            if scalarMayStart, byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                at = passScalar(from: at, in: range, endingAtColon: false)
                scalarMayStart = false
                continue
            }
            if byte != UInt8(ascii: " ") {
                scalarMayStart = byte == UInt8(ascii: "[") || byte == UInt8(ascii: "{") || byte == UInt8(ascii: ",") || byte == UInt8(ascii: ":")
            }
            at += 1
            if byte == UInt8(ascii: "[") || byte == UInt8(ascii: "{") {
                depth += 1
            } else if byte == UInt8(ascii: "]") || byte == UInt8(ascii: "}") {
                depth -= 1
                if depth == 0 { return at }
            }
        }
        return at
    }

    /// Past a scalar: a quoted one to its closing quote, a plain one to a `: ` (a key's end, with
    /// `endingAtColon`) or to a ` #`, its blanks at the end left.
    private func passScalar(from start: Int, in range: Range<Int>, endingAtColon: Bool) -> Int {
        var at = start
        guard at < range.upperBound else { return at }
        let quote = yaml[at]
        if quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
            at += 1
            while at < range.upperBound {
                if quote == UInt8(ascii: "\""), yaml[at] == UInt8(ascii: "\\") {
                    at += 2
                } else if yaml[at] == quote {
                    if quote == UInt8(ascii: "'"), at + 1 < range.upperBound, yaml[at + 1] == quote {
                        at += 2
                    } else {
                        return at + 1
                    }
                } else {
                    at += 1
                }
            }
            return min(at, range.upperBound)
        }
        var end = at
        while at < range.upperBound {
            let byte = yaml[at]
            if byte == UInt8(ascii: "#"), at > start, yaml[at - 1] == UInt8(ascii: " ") { break }
            if endingAtColon, byte == UInt8(ascii: ":"), at + 1 == range.upperBound || yaml[at + 1] == UInt8(ascii: " ") { return at }
            at += 1
            if byte != UInt8(ascii: " ") { end = at }
        }
        return endingAtColon ? at : end
    }
}
