import ArborTUI
import Testing

/// A screen that understands what the encoder sends: cursor addressing, clearing, SGR (ignored) and UTF-8 text.
private struct MiniTerminal {
    var rows: [[String]]
    var row = 0, column = 0
    private(set) var bytesSeen = 0

    init(width: Int, height: Int, fill: String = "?") {
        rows = Array(repeating: Array(repeating: fill, count: width), count: height)
    }

    mutating func apply(_ bytes: [UInt8]) {
        bytesSeen += bytes.count
        var index = 0
        while index < bytes.count {
            if bytes[index] == 0x1B, index + 1 < bytes.count, bytes[index + 1] == 0x5B {
                var end = index + 2
                while end < bytes.count, !(0x40...0x7E).contains(bytes[end]) { end += 1 }
                let parameters = String(decoding: bytes[(index + 2)..<end], as: UTF8.self).split(separator: ";").map { Int($0) ?? 0 }
                switch bytes[end] {
                case UInt8(ascii: "H"):
                    row = (parameters.first ?? 1) - 1
                    column = (parameters.count > 1 ? parameters[1] : 1) - 1
                case UInt8(ascii: "J"):
                    rows = rows.map { $0.map { _ in " " } }
                default:
                    break
                }
                index = end + 1
                continue
            }
            var length = 1
            if bytes[index] >= 0xF0 { length = 4 } else if bytes[index] >= 0xE0 { length = 3 } else if bytes[index] >= 0xC0 { length = 2 }
            let character = String(decoding: bytes[index..<(index + length)], as: UTF8.self)
            let scalar = character.unicodeScalars.first!
            if DisplayWidth.of(scalar) == 0, column > 0 {
                rows[row][column - 1] += character
                if scalar.value == 0xFE0F, column < rows[row].count {
                    rows[row][column] = ""
                    column += 1
                }
            } else {
                let width = DisplayWidth.of(scalar)
                rows[row][column] = character
                if width == 2, column + 1 < rows[row].count { rows[row][column + 1] = "" }
                column += width
            }
            index += length
        }
    }

    var lines: [String] { rows.map { $0.joined() } }
}

@Suite("Frame encoder")
struct FrameEncoderTests {
    let encoder = FrameEncoder.ansi { _ in RoleLook() }

    private func frame(_ width: Int, _ height: Int, _ lines: [String]) -> CellGrid {
        var grid = CellGrid(width: width, height: height)
        for (row, line) in lines.enumerated() { grid.write(line, x: 0, y: row, style: .plain) }
        return grid
    }

    @Test func aFirstFrameIsDrawnWhole() {
        let grid = frame(12, 3, ["Hamburg", "日本語 ok", "e\u{301}tude ▶ 3"])
        var terminal = MiniTerminal(width: 12, height: 3)
        terminal.apply(encoder.encode(grid, over: nil))
        #expect(terminal.lines == grid.lines)
    }

    @Test func aFirstFrameLeavesPlainBlanksToTheClearedScreen() {
        let grid = frame(80, 24, ["title", "", "", "   body"])
        var terminal = MiniTerminal(width: 80, height: 24)
        let bytes = encoder.encode(grid, over: nil)
        terminal.apply(bytes)
        #expect(terminal.lines == grid.lines)
        #expect(bytes.count < 60, "\(bytes.count) bytes for 9 visible characters")
        #expect(bytes.starts(with: Array("\u{1B}[0m\u{1B}[H\u{1B}[2J".utf8)), "styles are reset before the screen is cleared")
    }

    @Test func aFirstFrameWritesBlanksWhenPlainHasItsOwnBackground() {
        let tinted = FrameEncoder.ansi { $0 == .plain ? RoleLook(background: .index(236)) : RoleLook() }
        let grid = frame(20, 4, ["x"])
        var terminal = MiniTerminal(width: 20, height: 4, fill: "?")
        let bytes = tinted.encode(grid, over: nil)
        terminal.apply(bytes)
        #expect(terminal.lines == grid.lines)
        #expect(bytes.count >= 20 * 4, "every cell carries the background")
    }

    @Test func aChangeWritesOnlyTheChangedCells() {
        let before = frame(40, 6, ["alpha", "beta", "gamma", "delta", "epsilon", "zeta"])
        var after = before
        after.write("BETA", x: 0, y: 1, style: CellStyle(.title, highlighted: true))
        var terminal = MiniTerminal(width: 40, height: 6)
        terminal.apply(encoder.encode(before, over: nil))
        let whole = terminal.bytesSeen
        let change = encoder.encode(after, over: before)
        terminal.apply(change)
        #expect(terminal.lines == after.lines)
        #expect(change.count < 30, "\(change.count) bytes for four changed cells (the whole frame took \(whole))")
        #expect(encoder.encode(after, over: after).isEmpty, "nothing is sent when nothing changed")
    }

    static let words = ["a", "bc", "日本", "é", "e\u{301}", "│", "⠋", "Straße", "한국어", " ", "…", "❤\u{FE0F}", "x\u{7}y"]

    /// Frames of random words, with graphemes of several scalars and without (each changed row then walked from
    /// its first changed cell to its last).
    @Test(arguments: 0..<40, [true, false])
    func anySequenceOfFramesEndsOnTheLastOne(seed: Int, clusters: Bool) {
        var random = SplitMix(seed: UInt64(seed))
        let words = clusters ? Self.words : Self.words.filter { $0.unicodeScalars.count == $0.count }
        let width = 1 + Int(random.next() % 30), height = 1 + Int(random.next() % 8)
        var terminal = MiniTerminal(width: width, height: height)
        var previous: CellGrid?
        for _ in 0..<6 {
            var grid = previous ?? CellGrid(width: width, height: height)
            for _ in 0..<Int(random.next() % 6) {
                let text = (0..<Int(1 + random.next() % 5)).map { _ in words[Int(random.next() % UInt64(words.count))] }.joined()
                grid.write(text, x: Int(random.next() % UInt64(width)), y: Int(random.next() % UInt64(height)),
                           style: CellStyle(.title, highlighted: random.next() % 2 == 0))
            }
            terminal.apply(encoder.encode(grid, over: previous))
            #expect(terminal.lines == grid.lines, "seed \(seed)")
            previous = grid
        }
    }

    @Test func aResizedFrameIsDrawnWhole() {
        let small = frame(5, 2, ["ab", "cd"])
        let large = frame(8, 3, ["ab", "cd", "ef"])
        var terminal = MiniTerminal(width: 8, height: 3)
        terminal.apply(encoder.encode(large, over: small))
        #expect(terminal.lines == large.lines)
    }

    @Test func stylesFollowTheLookOfEachRole() {
        #expect(ANSISequence.select(RoleLook()) == Array("\u{1B}[0m".utf8))
        #expect(ANSISequence.select(RoleLook(foreground: .index(3), background: .index(238), bold: true, reverse: true))
            == Array("\u{1B}[0;1;7;33;48;5;238m".utf8))
        #expect(ANSISequence.select(RoleLook(foreground: .index(12))) == Array("\u{1B}[0;94m".utf8))
    }
}

/// A small deterministic generator for the frame sequences.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed &+ 0x9E37_79B9_7F4A_7C15 }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}
