/// Finds the comments written at a YAML value: the comment lines just above where it starts (indented no deeper
/// than it, so the last lines of a literal block above are not taken) and the comment ending its line.
struct YAMLComments {
    private let bytes: [UInt8]
    /// The offset where each line starts.
    private let lineStarts: [Int]

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        var starts = [0]
        for (offset, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") { starts.append(offset + 1) }
        lineStarts = starts
    }

    /// The comment of a value starting at `start` whose line's comment, if any, follows `end`; nil without one.
    func comment(start: YAMLGraph.Mark, end: YAMLGraph.Mark) -> String? {
        var lines: [String] = []
        var line = Int(start.line) - 1
        while line >= 0, let text = commentLine(line, indentAtMost: Int(start.column)) {
            lines.append(text)
            line -= 1
        }
        lines.reverse()
        if let trailing = trailing(after: end) { lines.append(trailing) }
        return lines.isEmpty ? nil : lines.joined(separator: "\n")
    }

    private func range(of line: Int) -> Range<Int>? {
        guard line >= 0, line < lineStarts.count else { return nil }
        var end = line + 1 < lineStarts.count ? lineStarts[line + 1] - 1 : bytes.count
        if end > lineStarts[line], bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        // libyaml's columns start after a byte order mark.
        let start = line == 0 && bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : lineStarts[line]
        return start..<max(start, end)
    }

    /// A line's comment text when the line holds only a comment indented at most `indent`.
    private func commentLine(_ line: Int, indentAtMost indent: Int) -> String? {
        guard let range = range(of: line) else { return nil }
        var at = range.lowerBound
        while at < range.upperBound, bytes[at] == UInt8(ascii: " ") || bytes[at] == UInt8(ascii: "\t") { at += 1 }
        guard at < range.upperBound, bytes[at] == UInt8(ascii: "#"), at - range.lowerBound <= indent else { return nil }
        return text(from: at, to: range.upperBound)
    }

    /// The comment after a mark on its line: past blanks and a key's `:`, a `#` to the end of the line.
    private func trailing(after mark: YAMLGraph.Mark) -> String? {
        guard let range = range(of: Int(mark.line)) else { return nil }
        var at = range.lowerBound
        var column = 0
        while at < range.upperBound, column < Int(mark.column) {
            at += Self.width(of: bytes[at])
            column += 1
        }
        var blanks = false
        while at < range.upperBound {
            let byte = bytes[at]
            if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") {
                blanks = true
            } else if byte == UInt8(ascii: ":") && !blanks {
                blanks = false
            } else {
                break
            }
            at += 1
        }
        guard at < range.upperBound, blanks, bytes[at] == UInt8(ascii: "#") else { return nil }
        return text(from: at, to: range.upperBound)
    }

    /// The text after a `#` and the one space that follows it, without blanks at its end.
    private func text(from hash: Int, to end: Int) -> String {
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
