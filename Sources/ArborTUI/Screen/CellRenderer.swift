import ArborCore

/// Draws items' cells a program's own way (a CPU bar, a coloured priority, a git status), per item or per kind
/// of item, the browser's own object cell drawn for the rest: the seed's cell registered for a reuse identifier.
/// A renderer draws from what it is told alone: the browser draws a cell again when its item's content or its
/// flags change (a program changing what a cell shows calls `invalidateItems`).
public protocol CellRenderer: Sendable {
    /// Draws an item's cell on `canvas` and returns true, or returns false to have the built-in cell drawn.
    func draw(_ cell: CellContext, on canvas: inout CellCanvas) -> Bool
    /// The text after the hierarchy icon in place of the number of children (the seed's hierarchy attribute
    /// text, `▷ 3 tasks`), or nil for the number; the built-in cell shows it too.
    func countText(for cell: CellContext) -> String?
    /// Draws the focused item's detail in the object header, beside its main block where the description goes,
    /// and returns true; or returns false to show the description.
    func drawHeaderDetail(_ cell: CellContext, on canvas: inout CellCanvas) -> Bool
}

extension CellRenderer {
    /// Leaves every cell to the built-in one.
    public func draw(_ cell: CellContext, on canvas: inout CellCanvas) -> Bool { false }
    /// The number of children.
    public func countText(for cell: CellContext) -> String? { nil }
    /// The description.
    public func drawHeaderDetail(_ cell: CellContext, on canvas: inout CellCanvas) -> Bool { false }
}

/// What a renderer is told of the cell it draws.
public struct CellContext: Sendable {
    /// The item's id.
    public var id: String
    /// What the source said of the item, nil while it is on its way.
    public var content: ItemContent?
    /// The number of its children, nil while unknown.
    public var childCount: Int?
    /// Whether it is its column's focused item.
    public var isFocused: Bool
    /// Whether it is the focused item of the focused column, drawn highlighted.
    public var isHighlighted: Bool
    /// Whether its children are shown in the next column.
    public var isExpanded: Bool
    /// Whether it is marked, or nil outside the picker.
    public var isMarked: Bool?
    /// The cell's width in terminal cells.
    public var width: Int
    /// The cell's rows: 3 for a whole object cell, 1 for a line.
    public var height: Int

    /// A context, for a renderer's own tests.
    public init(id: String, content: ItemContent?, childCount: Int?, isFocused: Bool = false, isHighlighted: Bool = false,
                isExpanded: Bool = false, isMarked: Bool? = nil, width: Int, height: Int) {
        (self.id, self.content, self.childCount, self.isFocused) = (id, content, childCount, isFocused)
        (self.isHighlighted, self.isExpanded, self.isMarked, self.width, self.height) = (isHighlighted, isExpanded, isMarked, width, height)
    }

    init(_ model: ObjectCellModel, width: Int, height: Int) {
        self.init(id: model.fallbackTitle, content: model.content, childCount: model.childCount, isFocused: model.isFocused,
                  isHighlighted: model.isHighlighted, isExpanded: model.isExpanded, isMarked: model.isMarked, width: width, height: height)
    }
}
