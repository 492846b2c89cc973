import ArborCore

/// The one message the footer shows beside the position: the most pressing of what there is to say.
package struct FooterMessage: Sendable, Hashable {
    /// Where a message comes from, from the least pressing to the most.
    package enum Kind: Int, Sendable, Hashable, Comparable, CaseIterable {
        /// A standing notice given at start, such as the number of problems found in the data.
        case standingNotice
        /// What is wrong with the source's data now (a file that no longer reads), until it is mended.
        case sourceTrouble
        /// What the last action or answer said (`no children`, `2 marked items went away`), until the next.
        case event
        /// What the last key did (`copied id …`), until the next key.
        case keyNote

        package static func < (lhs: Kind, rhs: Kind) -> Bool { lhs.rawValue < rhs.rawValue }

        /// Whether the message warns: trouble with the source and standing notices of problems.
        package var warns: Bool { self == .sourceTrouble || self == .standingNotice }
    }

    /// The text.
    package var text: String
    /// Where it comes from.
    package var kind: Kind

    /// The most pressing message of a frame, if there is one to say.
    package static func shown(state: BrowserState, chrome: ScreenChrome, notice: String?) -> FooterMessage? {
        if let note = chrome.note { return FooterMessage(text: note, kind: .keyNote) }
        if let event = state.message { return FooterMessage(text: event, kind: .event) }
        if let trouble = state.sourceTrouble ?? listNotice(state) { return FooterMessage(text: trouble, kind: .sourceTrouble) }
        return notice.map { FooterMessage(text: $0, kind: .standingNotice) }
    }

    /// What the source said of the list the focus is in (that it stopped short), while the focus is there.
    private static func listNotice(_ state: BrowserState) -> String? {
        state.navigation.levels.indices.contains(state.navigation.focusedLevel) ? state.store[state.navigation.levels[state.navigation.focusedLevel].parent].childNotice : nil
    }
}
