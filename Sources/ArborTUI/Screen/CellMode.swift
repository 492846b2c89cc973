import ArborCore

/// How many lines an object cell takes.
public enum CellMode: String, Sendable, CaseIterable {
    /// One line for a document's members (`key: value`) and data without subtitles or bodies; otherwise as
    /// ``focused``.
    case auto
    /// Title, subtitle and body on three lines, then a separator.
    case full
    /// Title and hierarchy icon on one line.
    case single
    /// The focused item of each column on three lines, the others on one.
    case focused

    /// The mode for a source: automatic cells over a document are single-line from the first frame on, so
    /// that the style does not change as members with values come into view.
    public func resolved(for source: any HierarchySource) -> CellMode {
        self == .auto && source.isDocument ? .single : self
    }
}

/// The geometry of one frame: what fits, and where.
package struct ScreenMetrics: Sendable, Hashable {
    /// Whether only one column fits (the breadcrumb layout).
    package var isCompact: Bool
    /// How many columns fit side by side.
    package var columnSlots: Int
    /// Whether cells take three lines.
    package var fullCells: Bool
    /// Whether the focused cell of each column takes three lines and the others one (with `fullCells` false).
    package var focusedCellFull = false
    /// The first row of items in a column.
    package var contentTop: Int
    /// How many rows the items of a column have.
    package var contentHeight: Int
    /// Rows the object header takes above the content (0 when it is off or does not fit).
    package var headerRows = 0

    /// Rows one cell takes, its separator included.
    package var rowsPerCell: Int { fullCells ? 4 : 1 }

    /// How many cells fit in a column (at least one).
    package var itemsPerPage: Int {
        focusedCellFull ? max(1, contentHeight - 2) : max(1, (contentHeight + (fullCells ? 1 : 0)) / rowsPerCell)
    }

    /// Whether any cell shows its subtitle and body.
    package var showsDetails: Bool { fullCells || focusedCellFull }
}
