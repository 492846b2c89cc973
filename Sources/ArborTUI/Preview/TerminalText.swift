/// A command's output read as a terminal would show it, with only its colours kept: SGR sequences
/// (`ESC [ … m`) become styles; every other escape sequence (cursor moves, erasing, titles, OSC 52 clipboard
/// writes, hyperlinks, device strings) is dropped, and other control characters are left to be drawn inert.
package enum TerminalText {
    /// The lines of `bytes`, at most `maxLines`, tabs expanded; invalid UTF-8 shows as U+FFFD.
    package static func lines(_ bytes: [UInt8], maxLines: Int = .max) -> [StyledLine] {
        var parser = Parser()
        var index = 0
        while index < bytes.count, parser.lines.count < maxLines {
            index = parser.step(bytes, at: index)
        }
        parser.endLine(final: true)
        return parser.lines.prefix(maxLines).map { $0.expandingTabs() }
    }

    private struct Parser {
        var lines: [StyledLine] = []
        var line = StyledLine()
        var text: [UInt8] = []
        var ink = ANSIInk()

        mutating func flush() {
            guard !text.isEmpty else { return }
            let style = ink.isPlain ? CellStyle.plain : CellStyle(ink: ink)
            line.runs.append(StyledRun(String(decoding: text, as: UTF8.self), style))
            text.removeAll(keepingCapacity: true)
        }

        mutating func endLine(final: Bool = false) {
            flush()
            if final, line.runs.isEmpty { return }
            lines.append(line)
            line = StyledLine()
        }

        /// Reads what starts at `index` and returns where the next thing starts.
        mutating func step(_ bytes: [UInt8], at index: Int) -> Int {
            let byte = bytes[index]
            switch byte {
            case 0x0A:
                endLine()
                return index + 1
            case 0x0D:
                return index + 1
            case 0x1B:
                return escape(bytes, at: index)
            default:
                text.append(byte)
                return index + 1
            }
        }

        /// An escape sequence: SGR applied, anything else skipped whole.
        mutating func escape(_ bytes: [UInt8], at index: Int) -> Int {
            guard index + 1 < bytes.count else { return bytes.count }
            let kind = bytes[index + 1]
            switch kind {
            case UInt8(ascii: "["):
                var end = index + 2
                while end < bytes.count, !(0x40...0x7E).contains(bytes[end]) { end += 1 }
                guard end < bytes.count else { return bytes.count }
                if bytes[end] == UInt8(ascii: "m") {
                    flush()
                    applySGR(bytes[(index + 2)..<end])
                }
                return end + 1
            case UInt8(ascii: "]"), UInt8(ascii: "P"), UInt8(ascii: "X"), UInt8(ascii: "^"), UInt8(ascii: "_"):
                // A string ended by BEL or ST (ESC \); a newline ends it too, so one bad sequence cannot hide the rest.
                var end = index + 2
                while end < bytes.count {
                    if bytes[end] == 0x07 { return end + 1 }
                    if bytes[end] == 0x1B, end + 1 < bytes.count, bytes[end + 1] == UInt8(ascii: "\\") { return end + 2 }
                    if bytes[end] == 0x0A { return end }
                    end += 1
                }
                return bytes.count
            case UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "#"), UInt8(ascii: "%"):
                return min(bytes.count, index + 3)
            default:
                return index + 2
            }
        }

        mutating func applySGR(_ parameters: ArraySlice<UInt8>) {
            let numbers = parameters.split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: false).map { part -> Int in
                part.isEmpty ? 0 : Int(String(decoding: part.prefix { $0 != UInt8(ascii: ":") }, as: UTF8.self)) ?? -1
            }
            var index = 0
            while index < numbers.count {
                let code = numbers[index]
                index += 1
                switch code {
                case 0: ink = ANSIInk()
                case 1: ink.bold = true
                case 2: ink.dim = true
                case 3, 4: ink.underline = true
                case 7: ink.reverse = true
                case 22: ink.bold = false; ink.dim = false
                case 23, 24: ink.underline = false
                case 27: ink.reverse = false
                case 30...37: ink.foreground = UInt8(code - 30)
                case 39: ink.foreground = nil
                case 40...47: ink.background = UInt8(code - 40)
                case 49: ink.background = nil
                case 90...97: ink.foreground = UInt8(code - 90 + 8)
                case 100...107: ink.background = UInt8(code - 100 + 8)
                case 38, 48:
                    let color = extendedColor(numbers, at: &index)
                    if code == 38 { ink.foreground = color } else { ink.background = color }
                default: break
                }
            }
        }

        /// `5;N` (a palette index) or `2;R;G;B` (the nearest of the 256-colour cube).
        func extendedColor(_ numbers: [Int], at index: inout Int) -> UInt8? {
            guard index < numbers.count else { return nil }
            let mode = numbers[index]
            if mode == 5, index + 1 < numbers.count {
                defer { index += 2 }
                return (0...255).contains(numbers[index + 1]) ? UInt8(numbers[index + 1]) : nil
            }
            if mode == 2, index + 3 < numbers.count {
                defer { index += 4 }
                let channel = { (value: Int) in min(5, max(0, (value - 35) / 40)) }
                return UInt8(16 + 36 * channel(numbers[index + 1]) + 6 * channel(numbers[index + 2]) + channel(numbers[index + 3]))
            }
            index = numbers.count
            return nil
        }
    }
}
