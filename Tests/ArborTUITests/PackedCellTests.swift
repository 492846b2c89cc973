@testable import ArborTUI
import Testing

/// A stored cell keeps its code, width and style in eight bytes: every role, highlight and ink comes back whole.
@Suite("Cells packed in eight bytes")
struct PackedCellTests {
    @Test func everyStyleCodeAndWidthComesBack() {
        #expect(MemoryLayout<PackedCell>.stride == 8)
        var random = SplitMix(seed: 7)
        var inks: [UInt32] = [0, ANSIInk().packed]
        for _ in 0..<200 {
            var ink = ANSIInk()
            ink.foreground = random.next() % 3 == 0 ? nil : UInt8(truncatingIfNeeded: random.next())
            ink.background = random.next() % 3 == 0 ? nil : UInt8(truncatingIfNeeded: random.next())
            (ink.bold, ink.dim, ink.underline, ink.reverse) =
                (random.next() % 2 == 0, random.next() % 2 == 0, random.next() % 2 == 0, random.next() % 2 == 0)
            inks.append(ink.packed)
        }
        for style in CellStyle.all {
            for ink in inks {
                var inked = style
                inked.ink = ink
                for (code, width) in [(UInt32(0x20), UInt8(1)), (0x10FFFF, 1), (0x65E5, 2), (0, 0), (PackedCell.clusterFlag | 12345, 1)] {
                    var cell = PackedCell(code: code, width: width, style: inked)
                    let back = (cell.code, cell.width, cell.style)
                    #expect(back.0 == code && back.1 == width && back.2 == inked, "\(style) ink \(ink) code \(code)")
                    cell.code = 0x41
                    cell.style = style
                    #expect(cell.code == 0x41 && cell.width == width && cell.style == style)
                }
            }
        }
    }

    @Test func twoCellsHaveTheSameStyleExactlyWhenTheirStylesAreEqual() {
        var random = SplitMix(seed: 11)
        var styles: [CellStyle] = []
        for style in CellStyle.all {
            for _ in 0..<4 {
                var inked = style
                var ink = ANSIInk()
                ink.foreground = random.next() % 2 == 0 ? nil : UInt8(truncatingIfNeeded: random.next() % 4)
                ink.bold = random.next() % 2 == 0
                inked.ink = random.next() % 3 == 0 ? 0 : ink.packed
                styles.append(inked)
            }
        }
        for first in styles {
            for second in styles {
                let one = PackedCell(code: 0x41, width: 1, style: first)
                let other = PackedCell(code: 0x65E5, width: 2, style: second)
                #expect(one.hasStyle(of: other) == (first == second), "\(first) against \(second)")
            }
        }
    }
}
