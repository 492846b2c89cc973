/// A key press as the browser sees it, independent of the terminal library.
public enum Key: Hashable, Sendable {
    /// An arrow key.
    case up, down, left, right
    /// A key that moves by pages or to an end.
    case pageUp, pageDown, home, end
    /// An arrow or paging key with Shift held (they scroll the preview pane).
    case shiftUp, shiftDown, shiftPageUp, shiftPageDown
    /// An editing or confirming key.
    case enter, escape, tab, backTab, backspace, delete
    /// A printable character.
    case character(Character)
    /// A control key, named by its letter (`Ctrl-C` is `.control("c")`).
    case control(Character)
    /// The terminal changed size.
    case resize
    /// A mouse event at a cell.
    case mouse(MouseEvent)

    /// A short name for the help overlay and docs.
    public var label: String {
        switch self {
        case .up: return "↑"
        case .down: return "↓"
        case .left: return "←"
        case .right: return "→"
        case .pageUp: return "PgUp"
        case .pageDown: return "PgDn"
        case .home: return "Home"
        case .end: return "End"
        case .shiftUp: return "S-↑"
        case .shiftDown: return "S-↓"
        case .shiftPageUp: return "S-PgUp"
        case .shiftPageDown: return "S-PgDn"
        case .enter: return "Enter"
        case .escape: return "Esc"
        case .tab: return "Tab"
        case .backTab: return "S-Tab"
        case .backspace: return "Backspace"
        case .delete: return "Delete"
        case .character(" "): return "Space"
        case .character(let character): return String(character)
        case .control(let letter): return "Ctrl-" + letter.uppercased()
        case .resize: return "resize"
        case .mouse: return "mouse"
        }
    }
}

/// A mouse click or wheel turn at a cell of the screen.
public struct MouseEvent: Hashable, Sendable {
    /// What happened.
    public enum Kind: Hashable, Sendable {
        /// The first button was pressed (or clicked).
        case press
        /// The wheel turned up.
        case wheelUp
        /// The wheel turned down.
        case wheelDown
    }

    /// What happened.
    public var kind: Kind
    /// The column of the cell, from 0.
    public var x: Int
    /// The row of the cell, from 0.
    public var y: Int

    /// Creates an event.
    public init(_ kind: Kind, x: Int, y: Int) {
        self.kind = kind
        self.x = x
        self.y = y
    }
}
