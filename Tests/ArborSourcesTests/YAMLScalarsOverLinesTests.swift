@testable import ArborSources
import Testing

/// Plain, single- and double-quoted scalars over lines, made at random (indentation around the block's column,
/// empty lines, blanks ending lines, escaped line breaks, lines that look like comments, items or keys, a comment
/// after the last line, a tab now and then): where the block reader takes a document, its text is the
/// transcoder's byte for byte and holds the values and comments of the file read whole, with LF or CR LF line
/// breaks; where the parser refuses one, the block reader does too.
@Suite("YAML scalars over lines")
struct YAMLScalarsOverLinesTests {
    static let plainWords = ["word", "1", "true", "é", "x:y", "a#b", "-x", "--", "...", "---", "a,b", "[b]", "{c}", "\"d\"", "it's", "\\"]
    static let oddPlainWords = ["- y", "#c", "k: v", "k:", "? q", "&a", "*b", "!t", "|", ">", "%", "@", "'q'", "\t"]
    static let quotedWords = ["word", "1", "é", "- item", "# not", "k: v", "{[,]}", "  spaced  "]
    static let singleWords = ["it''s", "\"d\"", "\\n"]
    static let doubleWords = ["\\\"", "\\\\", "\\t", "\\u00e9", "\\x41", "\\ ", "\\/", "'"]
    static let oddQuotedWords = ["\t", "\\q", "'", "\""]

    /// One line of a scalar's text in `style` (0 plain, 1 single-quoted, 2 double-quoted).
    static func words(_ random: inout SeededGenerator, style: Int) -> String {
        let pool: [String] = switch style {
        case 0: plainWords + (Int.random(in: 0..<12, using: &random) == 0 ? oddPlainWords : [])
        case 1: quotedWords + singleWords
        default: quotedWords + doubleWords
        }
        let count = Int.random(in: 1...3, using: &random)
        var line = (0..<count).map { _ in pool.randomElement(using: &random)! }.joined(separator: " ")
        if style > 0, Int.random(in: 0..<30, using: &random) == 0 { line += oddQuotedWords.randomElement(using: &random)! }
        return line
    }

    /// A scalar over one to four lines whose lines go past the block column `indent` (sometimes not); `lines`
    /// counts its lines.
    static func scalar(_ random: inout SeededGenerator, indent: Int, lines: inout Int) -> String {
        let style = Int.random(in: 0..<3, using: &random)
        let quote = ["", "'", "\""][style]
        var text = quote
        lines = Int.random(in: 1...4, using: &random)
        for line in 0..<lines {
            if line > 0 {
                if style == 2, Int.random(in: 0..<4, using: &random) == 0 { text += "\\" }
                if Int.random(in: 0..<5, using: &random) == 0 { text += "  " }
                text += "\n"
                if Int.random(in: 0..<4, using: &random) == 0 {
                    text += String(repeating: " ", count: Int.random(in: 0...(indent + 2), using: &random)) + "\n"
                }
                text += String(repeating: " ", count: max(0, indent + Int.random(in: -1...3, using: &random)))
            }
            text += words(&random, style: style)
        }
        text += quote
        if Int.random(in: 0..<5, using: &random) == 0 { text += " # after" }
        return text
    }

    /// A document holding one scalar over lines: a key's value (on its line, or on the next), a list's entry, a
    /// nested key's value, a key's value in a list's mapping, an entry of a list at its mapping's column.
    static func document(_ random: inout SeededGenerator, lines: inout Int) -> String {
        switch Int.random(in: 0..<7, using: &random) {
        case 0: "# above\nk: " + scalar(&random, indent: 1, lines: &lines) + "\n# next\nnext: 1 # one\n"
        case 1: "- " + scalar(&random, indent: 1, lines: &lines) + "\n- x\n"
        case 2: "a:\n  b: " + scalar(&random, indent: 3, lines: &lines) + "\n  c: 2\n"
        case 3: "k:" + (Bool.random(using: &random) ? " # note" : "") + "\n  " + scalar(&random, indent: 2, lines: &lines) + "\nn: 1\n"
        case 4: "- k: " + scalar(&random, indent: 3, lines: &lines) + "\n  j: 1\n"
        case 5: "a:\n- " + scalar(&random, indent: 1, lines: &lines) + "\n- z\n"
        default: "- - " + scalar(&random, indent: 3, lines: &lines) + "\n  - y\n"
        }
    }

    @Test func eachScalarTheBlockReaderTakesIsTheTranscodersText() throws {
        var random = SeededGenerator(seed: 67)
        var taken = 0, overLines = 0, refused = 0
        for _ in 0..<1_200 {
            var lines = 1
            switch YAMLBlockReaderTests.compared(Self.document(&random, lines: &lines), streamsAside: true) {
            case .taken:
                taken += 1
                if lines > 1 { overLines += 1 }
            case .refused: refused += 1
            case .givenWay: break
            }
        }
        // Neither all taken nor all given way: the documents cover both sides.
        #expect(taken > 400, "taken: \(taken)")
        #expect(overLines > 200, "taken over lines: \(overLines)")
        #expect(refused > 20, "refused by the parser: \(refused)")
    }
}
