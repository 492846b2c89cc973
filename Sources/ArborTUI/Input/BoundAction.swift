/// What a key bound with `--bind` or the `[bind]` table does: a command of the key map, or one that runs a
/// command line (its placeholders substituted, each shell-quoted) or changes the preview.
public enum BoundAction: Sendable, Hashable {
    /// A command of the key map (`toggle-preview`, `next-item`...).
    case command(BrowserCommand)
    /// Runs the command line with the terminal handed to it (an editor, a pager), then takes the terminal back.
    case execute(String)
    /// Runs the command line without the terminal, its output discarded.
    case executeSilent(String)
    /// Runs the command line (if not empty) silently, then reads the lists on screen again, focus and marks kept.
    case reload(String)
    /// Replaces Arbor with the command line, as `exec` does.
    case become(String)
    /// Shows the command line's output in the preview pane from now on.
    case preview(String)
    /// Changes the preview pane's place and options (`down:40%`, `hidden`, `wrap`...).
    case changePreviewWindow(String)
    /// Calls the action of this name that the program presenting the browser gave (ArborKit).
    case custom(String)

    /// The action as `--bind` spells it.
    public var spelling: String {
        switch self {
        case .command(let command): return command.rawValue
        case .execute(let line): return "execute(\(line))"
        case .executeSilent(let line): return "execute-silent(\(line))"
        case .reload(let line): return "reload(\(line))"
        case .become(let line): return "become(\(line))"
        case .preview(let line): return "preview(\(line))"
        case .changePreviewWindow(let spec): return "change-preview-window(\(spec))"
        case .custom(let name): return name
        }
    }
}

/// A key bound to actions run in order.
public struct ActionBinding: Sendable, Hashable {
    /// The key.
    public var key: Key
    /// The actions, run left to right.
    public var actions: [BoundAction]

    /// Creates a binding.
    public init(key: Key, actions: [BoundAction]) {
        self.key = key
        self.actions = actions
    }
}
