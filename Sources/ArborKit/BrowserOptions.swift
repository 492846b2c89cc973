import ArborCore
import ArborTUI

/// How a ``HierarchyBrowser`` looks and behaves, and what it tells the program presenting it.
public struct BrowserOptions: Sendable {
    /// Browsing alone (`.none`), or picking one item (`.single`) or any number (`.multiple`).
    public var selection: SelectionMode = .none
    /// Columns or the outline at start (o switches).
    public var layout: Layout = .columns
    /// Three-line object cells, single-line ones, or the choice by width.
    public var cells: CellMode = .auto
    /// Whether the object header of the focused item shows at start (i switches).
    public var showsHeader = false
    /// The colours and styles.
    public var theme: Theme = .standard
    /// Whether the mouse is answered.
    public var mouse = true
    /// Changes to the key bindings: a key bound to another command, or unbound (nil).
    public var keyChanges: [KeyChange] = []
    /// The ids from the top down to the item focused at start, opened on the way.
    public var reveal: [String] = []
    /// A query's answer to open on (`--jsonpath`): the columns show its matches and the items above them, the
    /// first match focused; Esc shows the whole tree.
    public var answer: QueryAnswer?
    /// The expression of that answer, typed again when the query prompt opens.
    public var answerExpression: String?
    /// Keys that accept in the picker as Enter does (fzf's `--expect`); ``BrowserResult/acceptingKey`` says which.
    public var expectedKeys: [Key] = []
    /// A filter typed at start (fzf's extended syntax).
    public var query: String?
    /// The texts of an item that finds search.
    public var searchFields: SearchFields = .title
    /// How far finds walk the source; nil leaves it to the source.
    public var searchBound: SearchBound?
    /// A line shown in the footer at start, such as the number of problems found in the data.
    public var notice: String?
    /// Seconds between readings of the lists on screen again, for a source that cannot report its changes;
    /// nil reads them once.
    public var refreshInterval: Double?
    /// Called on the browser's thread when the focus moves to another item (nil: to an empty column).
    public var onFocusChange: (@Sendable (String?) -> Void)?
    /// Called on the browser's thread when an item is expanded, its children shown.
    public var onExpand: (@Sendable (String) -> Void)?
    /// Called on the browser's thread when the picker accepts its ids, before ``HierarchyBrowser/run()`` returns.
    public var onAccept: (@Sendable ([String]) -> Void)?
    /// Whether accepting in the picker ends the browser (true, as fzf); false reports the accepted ids to
    /// ``onAccept`` and goes on, the marks kept, so that a program acts on them and the user picks again.
    public var acceptEnds = true
    /// Whether the root's parent is asked for when the browser starts and, when the source gives one, shown as a
    /// column before the root, the focus staying on the root (false: asked only when ← goes past the first
    /// column). A parent that arrives late is put in without moving the focus.
    public var showsRootParent = false
    /// Draws items' cells the program's own way, per item or per kind of item, and may replace the count beside
    /// the hierarchy icon; nil (the default) draws every cell as the built-in object cell.
    public var cellRenderer: (any CellRenderer)?
    /// The object header's split between its main block and the description or the renderer's detail, and its
    /// rows (fixed, or following the focused item's content); shown with ``showsHeader``.
    public var headerLayout = HeaderLayout()
    /// Called on the browser's thread when an expanded item is collapsed, its children no longer shown.
    public var onCollapse: (@Sendable (String) -> Void)?
    /// Called on the browser's thread when an item is marked (true) or unmarked (false).
    public var onMarkChange: (@Sendable (String, Bool) -> Void)?
    /// Called on the browser's thread when the focus enters a level: its number (0 first) and whose children it
    /// lists (nil: the top).
    public var onLevelEnter: (@Sendable (Int, String?) -> Void)?
    /// Called on the browser's thread as the browser ends, with what it showed then, before
    /// ``HierarchyBrowser/run()`` returns.
    public var onClose: (@Sendable (BrowserClosing) -> Void)?
    /// A command line whose output the preview pane shows for the focused item (placeholders as `--preview`'s);
    /// nil shows the source's own preview (``PreviewingItems``, or the item's fields).
    public var previewCommand: String?
    /// Where the preview pane goes and whether it shows at start; nil: shown when there is a preview command.
    public var previewWindow: PreviewWindow?
    /// Keys bound to actions, run in order (`--bind`); they take precedence over the key map.
    public var bindings: [ActionBinding] = []
    /// The program's own actions, each called with the focused item and the marks when its key is pressed.
    public var actions: [CustomAction] = []
    /// The file the source was read from, for `{file}` and the edit key; nil when it is not a file.
    public var sourceFile: String?
    /// Whether the source's ids are paths (path lists, directories), for `{path}`.
    public var idsArePaths = false

    /// The defaults: browsing in columns, automatic cells, the standard theme and keys.
    public init() {}

    /// Options for a picker of one item, or of many with `multiple`.
    public static func picker(multiple: Bool = false) -> BrowserOptions {
        var options = BrowserOptions()
        options.selection = multiple ? .multiple : .single
        return options
    }

    /// Whether anything listens to the browser's events.
    var listens: Bool {
        onFocusChange != nil || onExpand != nil || onAccept != nil || onCollapse != nil || onMarkChange != nil || onLevelEnter != nil
            || !actions.isEmpty
    }

    /// Hands an event to its callback.
    func deliver(_ event: BrowserEvent) {
        switch event {
        case .focusMoved(let id): onFocusChange?(id)
        case .expanded(let id): onExpand?(id)
        case .collapsed(let id): onCollapse?(id)
        case .markChanged(let id, let marked): onMarkChange?(id, marked)
        case .levelEntered(let level, let parent): onLevelEnter?(level, parent)
        case .accepted(let ids): onAccept?(ids)
        case .action(let name, let id, let marked):
            for action in actions where action.name == name { action.perform(ActionContext(id: id, marked: marked)) }
        }
    }
}

/// A program's own action: a key, a name for its help, and what it does.
public struct CustomAction: Sendable {
    /// The key that runs it.
    public var key: Key
    /// Its name.
    public var name: String
    /// What it does, on the browser's thread; changes to the hierarchy go through the browser's change calls.
    public var perform: @Sendable (ActionContext) -> Void

    /// Creates an action.
    public init(key: Key, name: String, perform: @escaping @Sendable (ActionContext) -> Void) {
        self.key = key
        self.name = name
        self.perform = perform
    }
}

/// What an action is run on.
public struct ActionContext: Sendable, Hashable {
    /// The focused item's id, if an item is focused.
    public var id: String?
    /// The ids of the marked items, in the order they were marked.
    public var marked: [String]
}

/// A key bound to a command, or unbound when the command is nil.
public struct KeyChange: Sendable, Hashable {
    /// The key.
    public var key: Key
    /// What it does from now on; nil unbinds it.
    public var command: BrowserCommand?

    /// Binds `key` to `command`, or unbinds it.
    public init(_ key: Key, _ command: BrowserCommand?) {
        self.key = key
        self.command = command
    }
}
