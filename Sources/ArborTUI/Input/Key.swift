/// A key press as the browser sees it, independent of the terminal library.
public enum Key: Hashable, Sendable {
    case up, down, left, right
    case pageUp, pageDown, home, end
    case enter, escape, tab, backTab, backspace
    /// A printable character.
    case character(Character)
    /// A control key, named by its letter (`Ctrl-C` is `.control("c")`).
    case control(Character)
    /// The terminal changed size.
    case resize

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
        case .enter: return "Enter"
        case .escape: return "Esc"
        case .tab: return "Tab"
        case .backTab: return "S-Tab"
        case .backspace: return "Backspace"
        case .character(" "): return "Space"
        case .character(let character): return String(character)
        case .control(let letter): return "Ctrl-" + letter.uppercased()
        case .resize: return "resize"
        }
    }
}
