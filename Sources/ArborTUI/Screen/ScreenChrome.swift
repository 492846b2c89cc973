import ArborCore

/// A line of text the user is typing: a filter of the focused column or a find across every loaded item.
public struct Prompt: Sendable, Hashable {
    /// What the text is for.
    public enum Kind: Sendable, Hashable {
        /// `/`: filters the focused column (searches the outline) as it is typed.
        case filter
        /// Finds every loaded item whose title matches, when accepted.
        case find
    }

    /// What the text is for.
    public var kind: Kind
    /// The text typed so far.
    public var text = ""
    /// Where the cursor is: the number of characters before it.
    public var cursor = 0

    /// The label in front of the text.
    public var label: String { kind == .filter ? "/" : "find: " }
}

/// The results of a find: loaded items whose titles match, one focused.
public struct FindResults: Sendable, Hashable {
    /// The query.
    public var query: String
    /// The matching items.
    public var items: [NodeHandle]
    /// The focused result.
    public var focus = 0
    /// How many results a find lists at most.
    public static let limit = 1_000
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
    /// The results of a find, while they are listed.
    public var findResults: FindResults?
    /// Whether the object header is shown.
    public var showsHeader = false
    /// The page of the header shown in compact width.
    public var headerPage = 0
    /// Whether the source is still reading its input (a long path list), said in the footer.
    public var sourceIsReading = false

    /// No chrome.
    public init() {}
}
