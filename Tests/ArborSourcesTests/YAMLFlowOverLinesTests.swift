@testable import ArborSources
import Testing

/// Flow collections over lines, made at random (line breaks and indentation between any tokens, blank lines,
/// nested collections, quoted and plain scalars, trailing commas, a comment ending the line above): where the block reader takes a document, its
/// text is the transcoder's byte for byte and holds the values and comments of the file read whole, with LF or
/// CR LF line breaks; where the parser refuses one, the block reader does too.
@Suite("YAML flow collections over lines")
struct YAMLFlowOverLinesTests {
    static let scalars = ["a", "b c", "1", "-2.5", "true", "~", "\"q, [x]\"", "'it''s'", "http://x:80/a", "é", "-v", "\"\""]

    /// Space between two tokens: on the line, or a line break (a blank line now and then) and an indentation
    /// around `indent`, sometimes less than the block's.
    static func space(_ random: inout SeededGenerator, indent: Int) -> String {
        switch Int.random(in: 0..<10, using: &random) {
        case 0..<5: return Int.random(in: 0..<3, using: &random) == 0 ? "" : " "
        case 5..<9: return "\n" + String(repeating: " ", count: max(0, indent + Int.random(in: -1...3, using: &random)))
        default: return "\n\n" + String(repeating: " ", count: indent + 1)
        }
    }

    /// A flow sequence or mapping whose lines go past the block column `indent`.
    static func collection(_ random: inout SeededGenerator, depth: Int, indent: Int) -> String {
        let isMapping = Bool.random(using: &random)
        var text = isMapping ? "{" : "["
        let count = Int.random(in: 0...3, using: &random)
        for entry in 0..<count {
            text += space(&random, indent: indent)
            if isMapping { text += scalars.filter { !$0.contains(" ") && $0 != "\"\"" }.randomElement(using: &random)! + "\(entry): " }
            text += depth < 2 && Int.random(in: 0..<3, using: &random) == 0
                ? collection(&random, depth: depth + 1, indent: indent) : scalars.randomElement(using: &random)!
            text += space(&random, indent: indent)
            if entry + 1 < count || Int.random(in: 0..<4, using: &random) == 0 { text += "," }
        }
        return text + space(&random, indent: indent) + (isMapping ? "}" : "]")
    }

    /// A document holding one collection: as a key's value (on its line, or on the next below a comment or none),
    /// a list's entry (the same), a nested key's value, or the document.
    static func document(_ random: inout SeededGenerator) -> String {
        switch Int.random(in: 0..<6, using: &random) {
        case 0: "# above\nk: " + collection(&random, depth: 0, indent: 1) + "\nnext: 1 # one\n"
        case 1: "- " + collection(&random, depth: 0, indent: 1) + "\n- x\n"
        case 2: "a:\n  b: " + collection(&random, depth: 0, indent: 3) + "\n  c: 2\n"
        case 3: "k:" + (Bool.random(using: &random) ? " # note" : "") + "\n  " + collection(&random, depth: 0, indent: 2) + "\nn: 1\n"
        case 4: "-" + (Bool.random(using: &random) ? " # note" : "") + "\n  " + collection(&random, depth: 0, indent: 2) + "\n- x\n"
        default: collection(&random, depth: 0, indent: 0) + "\n"
        }
    }

    @Test func eachCollectionTheBlockReaderTakesIsTheTranscodersText() throws {
        var random = SeededGenerator(seed: 66)
        var taken = 0, refused = 0
        for _ in 0..<900 {
            switch YAMLBlockReaderTests.compared(Self.document(&random)) {
            case .taken: taken += 1
            case .refused: refused += 1
            case .givenWay: break
            }
        }
        // Neither all taken nor all given way: the documents cover both sides.
        #expect(taken > 150, "taken: \(taken)")
        #expect(refused > 20, "refused by the parser: \(refused)")
    }
}
