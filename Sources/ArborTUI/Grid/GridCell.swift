/// One cell of the grid as read back: a grapheme, the cells it spans, and its style.
package struct GridCell: Sendable, Hashable {
    /// The grapheme drawn here; empty in the second cell of a wide character.
    package var text: String
    /// 1 for a normal character, 2 for a wide one, 0 for the cell a wide character covers.
    package var width: UInt8
    /// How the cell is drawn.
    package var style: CellStyle
}

/// One cell as the grid stores it: plain values only, so that a frame is built, copied and compared row by row
/// as memory, without reference counting.
struct PackedCell: Sendable, Hashable {
    /// A Unicode scalar value, or `clusterFlag | index` of a longer grapheme kept beside the cells.
    var code: UInt32
    var style: CellStyle
    var width: UInt8
    /// Fill the last bytes, so that rows of cells compare as memory with no undefined padding.
    private var spare: UInt8 = 0
    private var spareWord: UInt16 = 0

    init(code: UInt32, width: UInt8, style: CellStyle) {
        self.code = code
        self.style = style
        self.width = width
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
