/// One cell of the grid as read back: a grapheme, the cells it spans, and its style.
package struct GridCell: Sendable, Hashable {
    /// The grapheme drawn here; empty in the second cell of a wide character.
    package var text: String
    /// 1 for a normal character, 2 for a wide one, 0 for the cell a wide character covers.
    package var width: UInt8
    /// How the cell is drawn.
    package var style: CellStyle
}

/// One cell as the grid stores it, in eight bytes with no padding, so that a frame is built, copied and compared
/// row by row as memory, without reference counting: the code in the low 32 bits, then the width (2 bits), the
/// style's role (6), whether it is highlighted (1) and its ink (23: a flag and the ink's 22 bits of colours and
/// attributes).
struct PackedCell: Sendable, Hashable {
    private var bits: UInt64

    init(code: UInt32, width: UInt8, style: CellStyle) {
        bits = UInt64(code) | UInt64(width & 3) << 32 | UInt64(Self.styleBits(style)) << 34
    }

    /// A Unicode scalar value, or `clusterFlag | index` of a longer grapheme kept beside the cells.
    var code: UInt32 {
        get { UInt32(truncatingIfNeeded: bits) }
        set { bits = bits & ~0xFFFF_FFFF | UInt64(newValue) }
    }

    /// 1 for a normal character, 2 for a wide one, 0 for the cell a wide character covers.
    var width: UInt8 { UInt8(truncatingIfNeeded: bits >> 32) & 3 }

    /// How the cell is drawn.
    var style: CellStyle {
        get {
            let packed = UInt32(truncatingIfNeeded: bits >> 34)
            var style = CellStyle(StyleRole(rawValue: UInt8(packed & 0x3F)) ?? .plain, highlighted: packed & 0x40 != 0)
            let ink = packed >> 7
            style.ink = ink == 0 ? 0 : (ink & 0x3F_FFFF) | 1 << 31
            return style
        }
        set { bits = bits & 0x3_FFFF_FFFF | UInt64(Self.styleBits(newValue)) << 34 }
    }

    /// Whether two cells are drawn in the same style, read without unpacking it.
    func hasStyle(of other: PackedCell) -> Bool { bits >> 34 == other.bits >> 34 }

    /// A style in 30 bits: the role, the highlight, and the ink's colours and attributes with a flag for having one.
    private static func styleBits(_ style: CellStyle) -> UInt32 {
        let ink = style.ink == 0 ? 0 : (style.ink & 0x3F_FFFF) | 1 << 22
        return UInt32(style.role.rawValue & 0x3F) | (style.highlighted ? 0x40 : 0) | ink << 7
    }

    /// Marks a code that refers to a grapheme of several scalars.
    static let clusterFlag: UInt32 = 0x8000_0000

    /// A blank cell.
    static let blank = PackedCell(code: 0x20, width: 1, style: .plain)

    /// The cell a wide character covers.
    static func covered(_ style: CellStyle) -> PackedCell { PackedCell(code: 0, width: 0, style: style) }

    /// Whether the code refers to a grapheme of several scalars.
    var isCluster: Bool { code & Self.clusterFlag != 0 }
}
