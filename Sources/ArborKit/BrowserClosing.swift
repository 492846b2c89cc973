/// What the browser showed as it ended, handed to ``BrowserOptions/onClose``.
public struct BrowserClosing: Sendable, Hashable {
    /// The focused item's id, or nil when nothing was focused.
    public var focusedID: String?
    /// The ids of the marked items, in the order they were marked.
    public var marked: [String]
    /// The ids of the expanded items, from the top down.
    public var expanded: [String]
    /// The exit status the run ends with (0 picked or quit, 1 nothing picked, 130 cancelled, 128 + a signal).
    public var status: Int32

    /// A closing state.
    public init(focusedID: String?, marked: [String], expanded: [String], status: Int32) {
        self.focusedID = focusedID
        self.marked = marked
        self.expanded = expanded
        self.status = status
    }
}
