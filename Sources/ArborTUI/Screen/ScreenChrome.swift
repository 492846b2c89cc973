import ArborCore

/// A line of text the user is typing: a filter of the focused column or a find across every item.
public struct Prompt: Sendable, Hashable {
    /// What the text is for.
    public enum Kind: Sendable, Hashable {
        /// `/`: filters the focused column (searches the outline) as it is typed.
        case filter
        /// `F`: finds every item of the source as it is typed, listing the best matches with their paths.
        case find
        /// `:`: goes to a place named by an id, a JSON pointer or a path of titles, Tab completing it.
        case jump
    }

    /// What the text is for.
    public var kind: Kind
    /// The text typed so far.
    public var text = ""
    /// Where the cursor is: the number of characters before it.
    public var cursor = 0
    /// The entry of the session's queries shown, while the text is one recalled with Up and Down.
    public var recalled: Int?

    /// The label in front of the text.
    public var label: String {
        switch kind {
        case .filter: return "/"
        case .find: return "find: "
        case .jump: return "go to: "
        }
    }
}

/// What is drawn over or around the hierarchy: help, prompt, find results, object header, search highlight.
public struct ScreenChrome: Sendable, Hashable {
    /// Whether the help overlay is open.
    public var showsHelp = false
    /// The first line of the help shown.
    public var helpScroll = 0
    /// The line being typed, if any.
    public var prompt: Prompt?
    /// The last search, highlighted in the focused column and repeated by n and N.
    public var search: TextMatcher?
    /// The queries typed in this session, oldest first, recalled with Up and Down in a prompt.
    public var queryHistory: [String] = []
    /// Whether the object header is shown.
    public var showsHeader = false
    /// The page of the header shown in compact width.
    public var headerPage = 0
    /// Whether the source is still reading its input (a long path list), said in the footer.
    public var sourceIsReading = false
    /// What the last key did, said in the footer until the next key (`copied …`).
    public var note: String?

    /// No chrome.
    public init() {}
}
