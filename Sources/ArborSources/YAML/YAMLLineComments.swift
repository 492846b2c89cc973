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
    /// Where every ``stride``-th line starts, in the YAML and in its JSON text, found in one pass over each the
    /// first time a comment is asked for (the YAML's pages given back as they are passed).
    private let lineStarts = Mutex<(yaml: [Int], json: [Int])?>(nil)

    /// Lines between two recorded line starts.
    static let stride = 256

    init(yaml: SourceBytes, json: SourceBytes) {
        self.yaml = yaml
        self.json = json
    }

    /// The comment of the value whose key (or, without one, whose value) starts at `offset` of the JSON text and
    /// whose value starts at `valueOffset`; `keyed` for an object's member, `collection` for a value that is an
    /// object or an array spread over the lines below (`leavesAbove` when it has no key and its first member
    /// starts where it does, which then takes the comment above). A value without a key on a line of several
    /// list entries (`- - x`) is the one `listsOpening` lists start from it on its line before the line's last.
    func comment(atJSONOffset offset: Int, valueOffset: Int, keyed: Bool, collection: Bool, leavesAbove: Bool,
                 listsOpening: Int = 0) -> String? {
        let starts = tables()
        let line = Self.line(of: offset, in: json, starts: starts.json)
        guard let range = Self.lineRange(line, in: yaml, starts: starts.yaml) else { return nil }
        // A scalar on the line below its key has its own line's comment.
        let valueLine = keyed && !collection ? Self.line(of: valueOffset, in: json, starts: starts.json) : line
        let trailingRange = valueLine == line ? range : Self.lineRange(valueLine, in: yaml, starts: starts.yaml)
        let columns = tokenColumns(range)
        let column = keyed ? columns[columns.count - 1] : columns[max(0, columns.count - 1 - listsOpening)]
        var lines: [String] = []
        if !leavesAbove {
            var above = line - 1
            while above >= 0, let range = Self.lineRange(above, in: yaml, starts: starts.yaml),
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

    /// Records where every ``stride``-th line starts in both texts, once.
    func prepare() {
        _ = tables()
    }

    private func tables() -> (yaml: [Int], json: [Int]) {
        lineStarts.withLock { found in
            if let found { return found }
            let made = (Self.lineStarts(of: yaml, releasing: true), Self.lineStarts(of: json, releasing: false))
            found = made
            return made
        }
    }

    private static func lineStarts(of bytes: SourceBytes, releasing: Bool) -> [Int] {
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return [0] }
            var starts = [0]
            var line = 0
            var at = 0
            var given = 0
            while at < buffer.count, let found = memchr(base + at, 0x0A, buffer.count - at) {
                at = base.distance(to: found.assumingMemoryBound(to: UInt8.self)) + 1
                line += 1
                if line % stride == 0 { starts.append(at) }
                if releasing, at - given >= 256 << 10 {
                    MappedPages.passed(given..<at, from: base)
                    given = at
                }
            }
            if releasing { MappedPages.passed(given..<buffer.count, from: base) }
            return starts
        }
    }

    /// The line (from 0) `offset` is on.
    private static func line(of offset: Int, in bytes: SourceBytes, starts: [Int]) -> Int {
        var low = 0
        var high = starts.count
        while low < high {
            let middle = (low + high) / 2
            if starts[middle] <= offset { low = middle + 1 } else { high = middle }
        }
        let recorded = max(0, low - 1)
        var line = recorded * stride
        var at = starts[recorded]
        while at < offset {
            if bytes[at] == 0x0A { line += 1 }
            at += 1
        }
        return line
    }

    /// The bytes of line `line` (from 0), without its line break.
    private static func lineRange(_ line: Int, in bytes: SourceBytes, starts: [Int]) -> Range<Int>? {
        guard line >= 0, line / stride < starts.count else { return nil }
        var at = starts[line / stride]
        for _ in 0..<(line % stride) {
            while at < bytes.count, bytes[at] != 0x0A { at += 1 }
            guard at < bytes.count else { return nil }
            at += 1
        }
        var end = at
        while end < bytes.count, bytes[end] != 0x0A { end += 1 }
        return at..<end
    }

    /// The columns of the line's `- ` (and `? `) indicators and, last, of its first token past them.
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
        columns.append(at - range.lowerBound)
        return columns
    }


    /// The comment ending the line after its key and the scalar of one line that follows (none after a block
    /// scalar's indicator, whose text is on the lines below).
    private func trailing(_ range: Range<Int>, from start: Int, keyed: Bool) -> String? {
        var at = start
        if keyed {
            at = passScalar(from: at, in: range, endingAtColon: true)
            guard at < range.upperBound, yaml[at] == UInt8(ascii: ":") else { return nil }
            at += 1
        }
        while at < range.upperBound, yaml[at] == UInt8(ascii: " ") { at += 1 }
        if at < range.upperBound, yaml[at] == UInt8(ascii: "|") || yaml[at] == UInt8(ascii: ">") { return nil }
        if at < range.upperBound, yaml[at] != UInt8(ascii: "#") { at = passScalar(from: at, in: range, endingAtColon: false) }
        while at < range.upperBound, yaml[at] == UInt8(ascii: " ") { at += 1 }
        guard at < range.upperBound, at > range.lowerBound, yaml[at] == UInt8(ascii: "#"), yaml[at - 1] == UInt8(ascii: " ") else { return nil }
        return YAMLComments.text(yaml, from: at, to: range.upperBound)
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
