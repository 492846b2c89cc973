/// What a key can ask the browser to do.
public enum BrowserCommand: String, Sendable, CaseIterable {
    case previousItem = "previous-item"
    case nextItem = "next-item"
    case pageUp = "page-up"
    case pageDown = "page-down"
    case firstItem = "first-item"
    case lastItem = "last-item"
    case expand
    case nextLevel = "next-level"
    case previousLevel = "previous-level"
    case reload
    case toggleMark = "toggle-mark"
    case toggleHidden = "toggle-hidden"
    case toggleLayout = "toggle-layout"
    case toggleHeader = "toggle-header"
    case headerPage = "header-page"
    case filter
    case find
    case jump
    case nextMatch = "next-match"
    case previousMatch = "previous-match"
    case help
    case quit
    case cancel

    /// What the command does, for the help overlay.
    public var summary: String {
        switch self {
        case .previousItem: return "previous item in the column"
        case .nextItem: return "next item in the column"
        case .pageUp: return "one page up"
        case .pageDown: return "one page down"
        case .firstItem: return "first item"
        case .lastItem: return "last item"
        case .expand: return "expand the focused item (picker: accept the marks, or a leaf)"
        case .nextLevel: return "next level"
        case .previousLevel: return "previous level (past the first: the root's parent)"
        case .reload: return "reload the focused item's children"
        case .toggleMark: return "mark or unmark the focused item"
        case .toggleHidden: return "show or hide hidden entries (file system)"
        case .toggleLayout: return "outline ⇄ columns"
        case .toggleHeader: return "object header on/off"
        case .headerPage: return "next page of the header in compact width (picker: mark)"
        case .filter: return "filter the column as you type (outline: search)"
        case .find: return "find among every item as you type; Enter opens a match"
        case .jump: return "go to an id, a JSON pointer or a path of titles (Tab completes)"
        case .nextMatch: return "next match of the last search"
        case .previousMatch: return "previous match of the last search"
        case .help: return "this help"
        case .quit: return "quit"
        case .cancel: return "cancel"
        }
    }
}
