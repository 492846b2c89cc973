/// Finds the comments written at a YAML value: the comment lines just above where it starts, when it is the first
/// thing on its line (indented no deeper than it, so the last lines of a literal block above are not taken), and
/// the comment ending its line.
struct YAMLComments {
    private let bytes: SourceBytes
    /// The offset where each line starts.
    private let lineStarts: [Int]
    /// A bit for each line that holds a `#`: a line without one holds no comment, and is passed over at once.
    private let hashLines: [UInt64]

    init(_ bytes: [UInt8]) {
        self.init(SourceBytes(bytes))
    }

    /// The comments of `bytes`, held or mapped (not copied).
    init(_ bytes: SourceBytes) {
        self.bytes = bytes
        // Line breaks as the parser counts them: LF, CR LF, and a CR alone.
        var starts = [0]
        var hashes: [UInt64] = [0]
        bytes.withUnsafeBufferPointer { bytes in
            for (offset, byte) in bytes.enumerated() {
                let crAlone = byte == UInt8(ascii: "\r") && (offset + 1 == bytes.count || bytes[offset + 1] != UInt8(ascii: "\n"))
                if byte == UInt8(ascii: "\n") || crAlone {
                    starts.append(offset + 1)
                    if starts.count % 64 == 1 { hashes.append(0) }
                } else if byte == UInt8(ascii: "#") {
                    let line = starts.count - 1
                    hashes[line / 64] |= 1 << UInt64(line % 64)
                }
            }
        }
        lineStarts = starts
        hashLines = hashes
    }

    /// Whether the line holds a `#`.
    private func holdsHash(_ line: Int) -> Bool {
        line >= 0 && line / 64 < hashLines.count && hashLines[line / 64] & (1 << UInt64(line % 64)) != 0
    }

    /// The comment above a value starting at `start` (nil: none taken) and the one on its line past `end` (nil:
    /// none taken); nil without either.
    func comment(above start: YAMLGraph.Mark?, after end: YAMLGraph.Mark?) -> String? {
        var lines: [String] = []
        if let start, holdsHash(Int(start.line) - 1), isFirstOnItsLine(start) {
            var line = Int(start.line) - 1
            while line >= 0, let text = commentLine(line, indentAtMost: Int(start.column)) {
                lines.append(text)
                line -= 1
            }
            lines.reverse()
        }
        if let end, holdsHash(Int(end.line)), let trailing = trailing(after: end) { lines.append(trailing) }
        return lines.isEmpty ? nil : lines.joined(separator: "\n")
    }

    /// The comment of a value from `start` to `end`, a member's under its `key`: those above its key's line (or its
    /// own), and the one ending the line its scalar of one line, or its key, ends. A collection without a key whose
    /// first member starts where it does leaves the comments above to that member.
    func comment(ofValueFrom start: YAMLGraph.Mark, to end: YAMLGraph.Mark, key: (start: YAMLGraph.Mark, end: YAMLGraph.Mark)?,
                 isCollection: Bool, firstMemberStart: YAMLGraph.Mark?) -> String? {
        let sharesItsStart = key == nil && isCollection && firstMemberStart == start
        // A flow collection on one line, as a scalar of one line, has its comment after its end; a block one, after
        // its key.
        let onOneLine = end.line == start.line
        let after = isCollection && !onOneLine ? key?.end : onOneLine ? end : nil
        return comment(above: sharesItsStart ? nil : key?.start ?? start, after: after)
    }

    /// Whether only blanks and the indicators of a list item or a key (`-`, `?`) come before a mark on its line.
    private func isFirstOnItsLine(_ mark: YAMLGraph.Mark) -> Bool {
        guard let range = range(of: Int(mark.line)) else { return false }
        var at = range.lowerBound
        for _ in 0..<Int(mark.column) where at < range.upperBound {
            guard [UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "-"), UInt8(ascii: "?")].contains(bytes[at]) else { return false }
            at += 1
        }
        return true
    }

    private func range(of line: Int) -> Range<Int>? {
        guard line >= 0, line < lineStarts.count else { return nil }
        var end = line + 1 < lineStarts.count ? lineStarts[line + 1] - 1 : bytes.count
        if end > lineStarts[line], bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        // The parser's columns start after a byte order mark.
        let start = line == 0 && bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : lineStarts[line]
        return start..<max(start, end)
    }

    /// A line's comment text when the line holds only a comment indented at most `indent`.
    private func commentLine(_ line: Int, indentAtMost indent: Int) -> String? {
        range(of: line).flatMap { Self.commentLine(bytes, $0, indentAtMost: indent) }
    }

    /// The comment after a mark on its line: past blanks, a key's `:` and a collection's anchor or tag, a `#` after
    /// a blank, to the end of the line.
    private func trailing(after mark: YAMLGraph.Mark) -> String? {
        guard let range = range(of: Int(mark.line)) else { return nil }
        var at = range.lowerBound
        if range.contains(mark.offset) {
            at = mark.offset
        } else {
            // Counted from the line's start where the byte is not known (libyaml's marks).
            var column = 0
            while at < range.upperBound, column < Int(mark.column) {
                at += Self.width(of: bytes[at])
                column += 1
            }
        }
        var afterBlank = false
        while at < range.upperBound {
            let byte = bytes[at]
            if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") {
                afterBlank = true
                at += 1
            } else if byte == UInt8(ascii: ":") || ((byte == UInt8(ascii: "&") || byte == UInt8(ascii: "!")) && afterBlank) {
                // A token of its own: up to the next blank.
                while at < range.upperBound, bytes[at] != UInt8(ascii: " "), bytes[at] != UInt8(ascii: "\t") { at += 1 }
                afterBlank = false
            } else {
                break
            }
        }
        guard at < range.upperBound, afterBlank, bytes[at] == UInt8(ascii: "#") else { return nil }
        return text(from: at, to: range.upperBound)
    }

    private func text(from hash: Int, to end: Int) -> String { Self.text(bytes, from: hash, to: end) }

    /// The comment text of the line at `range` of `bytes` when it holds only a comment indented at most `indent`
    /// (the file read whole and ``YAMLLineComments`` read lines the same way).
    static func commentLine<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes, _ range: Range<Int>, indentAtMost indent: Int) -> String?
    where Bytes.Index == Int {
        var at = range.lowerBound
        while at < range.upperBound, bytes[at] == UInt8(ascii: " ") || bytes[at] == UInt8(ascii: "\t") { at += 1 }
        guard at < range.upperBound, bytes[at] == UInt8(ascii: "#"), at - range.lowerBound <= indent else { return nil }
        return text(bytes, from: at, to: range.upperBound)
    }

    /// The text after a `#` and the one space that follows it, without blanks at its end.
    static func text<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes, from hash: Int, to end: Int) -> String where Bytes.Index == Int {
        var start = hash + 1
        if start < end, bytes[start] == UInt8(ascii: " ") { start += 1 }
        var last = end
        while last > start, bytes[last - 1] == UInt8(ascii: " ") || bytes[last - 1] == UInt8(ascii: "\t") { last -= 1 }
        return String(decoding: bytes[start..<last], as: UTF8.self)
    }

    /// The bytes of the UTF-8 character a lead byte starts.
    private static func width(of lead: UInt8) -> Int {
        switch lead {
        case 0xF0...: return 4
        case 0xE0...: return 3
        case 0xC0...: return 2
        default: return 1
        }
    }
}
