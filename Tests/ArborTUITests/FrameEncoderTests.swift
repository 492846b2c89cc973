import ArborTUI
import Testing

/// A screen that understands what the encoder sends: cursor addressing, clearing, erasing characters (with the
/// background in effect), SGR attributes and colours, and UTF-8 text.
struct MiniTerminal {
    var rows: [[String]]
    /// The look each cell was drawn with.
    var looks: [[RoleLook]]
    var row = 0, column = 0
    var look = RoleLook()
    private(set) var bytesSeen = 0

    init(width: Int, height: Int, fill: String = "?") {
        rows = Array(repeating: Array(repeating: fill, count: width), count: height)
        looks = Array(repeating: Array(repeating: RoleLook(), count: width), count: height)
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
                    looks = looks.map { $0.map { _ in RoleLook(background: look.background) } }
                case UInt8(ascii: "X"):
                    for erased in column..<min(rows[row].count, column + max(1, parameters.first ?? 1)) {
                        rows[row][erased] = " "
                        looks[row][erased] = RoleLook(background: look.background)
                    }
                case UInt8(ascii: "m"):
                    applySGR(parameters.isEmpty ? [0] : parameters)
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
                looks[row][column] = look
                if width == 2, column + 1 < rows[row].count { (rows[row][column + 1], looks[row][column + 1]) = ("", look) }
                column += width
            }
            index += length
        }
    }

    private mutating func applySGR(_ parameters: [Int]) {
        var index = 0
        while index < parameters.count {
            let value = parameters[index]
            switch value {
            case 0: look = RoleLook()
            case 1: look.bold = true
            case 2: look.dim = true
            case 4: look.underline = true
            case 7: look.reverse = true
            case 22: (look.bold, look.dim) = (false, false)
            case 24: look.underline = false
            case 27: look.reverse = false
            case 30...37: look.foreground = .index(UInt8(value - 30))
            case 39: look.foreground = .terminalDefault
            case 40...47: look.background = .index(UInt8(value - 40))
            case 49: look.background = .terminalDefault
            case 90...97: look.foreground = .index(UInt8(value - 90 + 8))
            case 100...107: look.background = .index(UInt8(value - 100 + 8))
            case 38, 48:
                let color = ThemeColor.index(UInt8(parameters[index + 2]))
                if value == 38 { look.foreground = color } else { look.background = color }
                index += 2
            default: Issue.record("unexpected SGR parameter \(value)")
            }
            index += 1
        }
    }

    var lines: [String] { rows.map { $0.joined() } }

    /// What each cell shows: a blank without underline or reverse shows its background only.
    var shownLooks: [[RoleLook]] {
        zip(rows, looks).map { zip($0, $1).map { MiniTerminal.shown($1, text: $0) } }
    }

    /// What a cell drawn with `look` shows of it (the second cell of a wide character shows the first's).
    static func shown(_ look: RoleLook, text: String) -> RoleLook {
        if text.isEmpty { return RoleLook() }
        return text == " " && !look.underline && !look.reverse ? RoleLook(background: look.background) : look
    }
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
        #expect(terminal.shownLooks.joined().allSatisfy { $0.background == .index(236) }, "every cell carries the background")
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
        playFrames(encoder, width: width, height: height, count: 6, random: &random) { grid, random in
            let text = (0..<Int(1 + random.next() % 5)).map { _ in words[Int(random.next() % UInt64(words.count))] }.joined()
            grid.write(text, x: Int(random.next() % UInt64(width)), y: Int(random.next() % UInt64(height)),
                       style: CellStyle(.title, highlighted: random.next() % 2 == 0))
        } check: { terminal, grid in
            #expect(terminal.lines == grid.lines, "seed \(seed)")
        }
    }

    /// Draws `count` frames on a terminal, each the one before changed up to five times by `change`, and checks
    /// what the terminal shows after each.
    private func playFrames(_ encoder: FrameEncoder, width: Int, height: Int, count: Int, random: inout SplitMix,
                            change: (inout CellGrid, inout SplitMix) -> Void, check: (MiniTerminal, CellGrid) -> Void) {
        var terminal = MiniTerminal(width: width, height: height)
        var previous: CellGrid?
        for _ in 0..<count {
            var grid = previous ?? CellGrid(width: width, height: height)
            for _ in 0..<Int(random.next() % 6) { change(&grid, &random) }
            terminal.apply(encoder.encode(grid, over: previous))
            check(terminal, grid)
            previous = grid
        }
    }

    /// Looks of every kind, so that changes between them turn attributes and colours on and off.
    static let looks: [RoleLook] = [
        RoleLook(), RoleLook(bold: true), RoleLook(foreground: .index(3), background: .index(238), bold: true),
        RoleLook(background: .index(238), bold: true), RoleLook(foreground: .index(12), dim: true),
        RoleLook(underline: true), RoleLook(foreground: .index(200), reverse: true), RoleLook(background: .index(4), dim: true),
    ]

    /// Random frames of styled words and long blank runs: every cell ends with the text and the look of the last
    /// frame, on a terminal that erases with the background in effect and on one that erases with its own.
    @Test(arguments: 0..<30, [BlankErasing.onAnyBackground, .onDefaultBackground])
    func styledFramesEndWithTheLastOnesLooks(seed: Int, erasing: BlankErasing) {
        let look = { @Sendable (style: CellStyle) -> RoleLook in Self.looks[style.index % Self.looks.count] }
        let encoder = FrameEncoder(look: look, cursor: .ansi, clear: Array("\u{1B}[H\u{1B}[2J".utf8),
                                   reset: Array("\u{1B}[0m".utf8), erasing: erasing)
        var random = SplitMix(seed: UInt64(seed))
        let width = 10 + Int(random.next() % 40), height = 1 + Int(random.next() % 6)
        playFrames(encoder, width: width, height: height, count: 8, random: &random) { grid, random in
            let style = CellStyle.all[Int(random.next() % UInt64(CellStyle.all.count))]
            let x = Int(random.next() % UInt64(width)), y = Int(random.next() % UInt64(height))
            if random.next() % 2 == 0 {
                grid.fill(" ", x: x, y: y, count: Int(random.next() % 30), style: style)
            } else {
                grid.write(Self.words[Int(random.next() % UInt64(Self.words.count))], x: x, y: y, style: style)
            }
        } check: { terminal, grid in
            let expected = (0..<height).map { y in (0..<width).map { x in MiniTerminal.shown(look(grid[x, y].style), text: grid[x, y].text) } }
            let sameText = terminal.lines == grid.lines, sameLooks = terminal.shownLooks == expected
            #expect(sameText && sameLooks, "seed \(seed)")
        }
    }

    @Test func aChangeOfStyleSendsOnlyWhatDiffers() {
        var bytes: [UInt8] = []
        ANSISequence.appendChange(from: RoleLook(background: .index(238), bold: true),
                                  to: RoleLook(foreground: .index(3), background: .index(238), bold: true), into: &bytes)
        #expect(bytes == Array("\u{1B}[33m".utf8))
        bytes = []
        ANSISequence.appendChange(from: RoleLook(foreground: .index(3), bold: true, dim: true, underline: true),
                                  to: RoleLook(dim: true), into: &bytes)
        #expect(bytes == Array("\u{1B}[22;2;24;39m".utf8))
        bytes = []
        ANSISequence.appendChange(from: RoleLook(bold: true), to: RoleLook(bold: true), into: &bytes)
        #expect(bytes.isEmpty)
    }

    @Test func aLongRunOfBlanksIsErasedWhereErasingLooksTheSame() {
        let highlighted = RoleLook(background: .index(238), bold: true)
        let look = { @Sendable (style: CellStyle) -> RoleLook in style.highlighted ? highlighted : RoleLook() }
        let before = frame(60, 2, ["alpha", "beta"])
        var after = before
        after.fill(" ", x: 0, y: 0, count: 60, style: CellStyle(.plain, highlighted: true))
        after.write("alpha", x: 1, y: 0, style: CellStyle(.title, highlighted: true))
        for (erasing, erases) in [(BlankErasing.onAnyBackground, true), (.onDefaultBackground, false), (.never, false)] {
            let encoder = FrameEncoder(look: look, cursor: .ansi, clear: Array("\u{1B}[H\u{1B}[2J".utf8), reset: Array("\u{1B}[0m".utf8),
                                       erasing: erasing)
            var terminal = MiniTerminal(width: 60, height: 2)
            terminal.apply(encoder.encode(before, over: nil))
            let change = encoder.encode(after, over: before)
            terminal.apply(change)
            #expect(terminal.lines == after.lines)
            #expect(terminal.shownLooks[0] == Array(repeating: RoleLook(background: .index(238)), count: 60).enumerated().map {
                (1...5).contains($0.offset) ? highlighted : $0.element
            })
            #expect(String(decoding: change, as: UTF8.self).contains("\u{1B}[54X") == erases, "\(erasing)")
            #expect(erases ? change.count < 40 : change.count > 60, "\(change.count) bytes with \(erasing)")
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
