import ArborCore

/// A line of text the user is typing: a filter of the focused column or a find across every item.
package struct Prompt: Sendable, Hashable {
    /// What the text is for.
    package enum Kind: Sendable, Hashable {
        /// `/`: filters the focused column (searches the outline) as it is typed.
        case filter
        /// `F`: finds every item of the source as it is typed, listing the best matches with their paths.
        case find
        /// `:`: goes to a place named by an id, a JSON pointer or a path of titles, Tab completing it.
        case place
        /// `$`: asks a JSONPath query as it is typed, the columns showing its matches as a tree.
        case query
    }

    /// What the text is for.
    package var kind: Kind
    /// The text typed so far.
    package var text = ""
    /// Where the cursor is: the number of characters before it.
    package var cursor = 0
    /// The entry of the session's queries shown, while the text is one recalled with Up and Down.
    package var recalled: Int?

    /// The label in front of the text.
    package var label: String {
        switch kind {
        case .filter: return "/"
        case .find: return "find: "
        case .place: return "go to: "
        case .query: return "query: "
        }
    }
}

/// What is drawn over or around the hierarchy: help, prompt, find results, object header, search highlight.
package struct ScreenChrome: Sendable, Hashable {
    /// Whether the help overlay is open.
    package var showsHelp = false
    /// The first line of the help shown.
    package var helpScroll = 0
    /// The line being typed, if any.
    package var prompt: Prompt?
    /// The last search, highlighted in the focused column and repeated by n and N.
    package var search: TextMatcher?
    /// The queries typed in this session, oldest first, recalled with Up and Down in a prompt.
    package var queryHistory: [String] = []
    /// Whether the object header is shown.
    package var showsHeader = false
    /// The page of the header shown in compact width.
    package var headerPage = 0
    /// Whether the source is still reading its input (a long path list), said in the footer.
    package var sourceIsReading = false
    /// What the last key did, said in the footer until the next key (`copied …`).
    package var note: String?

    /// No chrome.
    package init() {}
}
