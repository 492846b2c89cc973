/// What a key can ask the browser to do.
public enum BrowserCommand: String, Sendable, CaseIterable {
    /// Previous item in the column.
    case previousItem = "previous-item"
    /// Next item in the column.
    case nextItem = "next-item"
    /// One page up.
    case pageUp = "page-up"
    /// One page down.
    case pageDown = "page-down"
    /// First item.
    case firstItem = "first-item"
    /// Last item.
    case lastItem = "last-item"
    /// Expand the focused item (picker: accept the marks, or a leaf).
    case expand
    /// Next level.
    case nextLevel = "next-level"
    /// Previous level (past the first: the root's parent).
    case previousLevel = "previous-level"
    /// Reload the focused item's children.
    case reload
    /// Mark or unmark the focused item.
    case toggleMark = "toggle-mark"
    /// Show or hide hidden entries (file system).
    case toggleHidden = "toggle-hidden"
    /// Switch between the outline and columns.
    case toggleLayout = "toggle-layout"
    /// Object header on/off.
    case toggleHeader = "toggle-header"
    /// Next page of the header in compact width (picker: mark).
    case headerPage = "header-page"
    /// Filter the column as you type (outline: search).
    case filter
    /// Find among every item as you type; Enter opens a match.
    case find
    /// Go to an id, a JSON pointer or a path of titles (Tab completes).
    case jump
    /// Ask a JSONPath query, its matches shown as a tree.
    case query
    /// Next match of the last search.
    case nextMatch = "next-match"
    /// Previous match of the last search.
    case previousMatch = "previous-match"
    /// Next change of a difference (arbor diff), across the whole tree.
    case nextChange = "next-change"
    /// Previous change of a difference (arbor diff).
    case previousChange = "previous-change"
    /// Copy the focused item's id (OSC 52).
    case copyID = "copy-id"
    /// Copy the focused item's path of titles (OSC 52).
    case copyPath = "copy-path"
    /// Show or hide the preview pane.
    case togglePreview = "toggle-preview"
    /// Scroll the preview up a line.
    case previewUp = "preview-up"
    /// Scroll the preview down a line.
    case previewDown = "preview-down"
    /// Scroll the preview up a page.
    case previewPageUp = "preview-page-up"
    /// Scroll the preview down a page.
    case previewPageDown = "preview-page-down"
    /// The whole value in the pane (again: the command's output).
    case toggleValue = "toggle-value"
    /// Edit in $VISUAL or $EDITOR (a document item at its line).
    case edit
    /// Copy the focused item's value (OSC 52).
    case copyValue = "copy-value"
    /// Accept the marks or the focused item (picker); leave.
    case accept
    /// Leave without picking anything.
    case abort
    /// This help.
    case help
    /// Quit (Esc: close a filter or a query; the picker: cancel).
    case quit
    /// Cancel.
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
        case .toggleLayout: return "switch between the outline and columns"
        case .toggleHeader: return "object header on/off"
        case .headerPage: return "next page of the header in compact width (picker: mark)"
        case .filter: return "filter the column as you type (outline: search)"
        case .find: return "find among every item as you type; Enter opens a match"
        case .jump: return "go to an id, a JSON pointer or a path of titles (Tab completes)"
        case .query: return "ask a JSONPath query, its matches shown as a tree"
        case .nextMatch: return "next match of the last search"
        case .previousMatch: return "previous match of the last search"
        case .nextChange: return "next change of a difference (arbor diff), across the whole tree"
        case .previousChange: return "previous change of a difference (arbor diff)"
        case .copyID: return "copy the focused item's id (OSC 52)"
        case .copyPath: return "copy the focused item's path of titles (OSC 52)"
        case .togglePreview: return "show or hide the preview pane"
        case .previewUp: return "scroll the preview up a line"
        case .previewDown: return "scroll the preview down a line"
        case .previewPageUp: return "scroll the preview up a page"
        case .previewPageDown: return "scroll the preview down a page"
        case .toggleValue: return "the whole value in the pane (again: the command's output)"
        case .edit: return "edit in $VISUAL or $EDITOR (a document item at its line)"
        case .copyValue: return "copy the focused item's value (OSC 52)"
        case .accept: return "accept the marks or the focused item (picker); leave"
        case .abort: return "leave without picking anything"
        case .help: return "this help"
        case .quit: return "quit (Esc: close a filter or a query; the picker: cancel)"
        case .cancel: return "cancel"
        }
    }
}
