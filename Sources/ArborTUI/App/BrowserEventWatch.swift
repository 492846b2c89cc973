import ArborCore

/// Tells focus moves and expansions from one turn to the next by comparing what the state shows.
struct BrowserEventWatch: Sendable {
    private var focusedID: String?
    private var expandedIDs: Set<String> = []
    private var markedIDs: Set<String> = []
    private var focusedLevel: Int?
    private var events: [BrowserEvent] = []

    /// Notes what changed since the last turn.
    mutating func note(_ state: BrowserState) {
        let focused = state.focusedItem.flatMap { $0 == NodeStore.placeholder ? nil : state.store[$0].id }
        let focusedLevelLoads = state.navigation.levels.indices.contains(state.navigation.focusedLevel)
            && state.isLoading(level: state.navigation.focusedLevel)
        if focusedID != focused, focused != nil || !focusedLevelLoads {
            focusedID = focused
            events.append(.focusMoved(focused))
        }
        let expanded = state.openItems.map { state.store[$0].id }
        for id in expanded where !expandedIDs.contains(id) { events.append(.expanded(id)) }
        let stillExpanded = Set(expanded)
        for id in expandedIDs.sorted() where !stillExpanded.contains(id) { events.append(.collapsed(id)) }
        expandedIDs = stillExpanded
        let marked = state.selection.ids
        for id in marked where !markedIDs.contains(id) { events.append(.markChanged(id, marked: true)) }
        let stillMarked = Set(marked)
        for id in markedIDs.sorted() where !stillMarked.contains(id) { events.append(.markChanged(id, marked: false)) }
        markedIDs = stillMarked
        let level = state.navigation.focusedLevel
        if level != focusedLevel, state.navigation.levels.indices.contains(level) {
            focusedLevel = level
            let parent = state.navigation.levels[level].parent
            events.append(.levelEntered(level, parentID: parent == NodeStore.top ? nil : state.store[parent].id))
        }
    }

    /// Notes an accepted pick.
    mutating func accept(_ ids: [String]) {
        events.append(.accepted(ids))
    }

    /// Notes a program's own action run from its key.
    mutating func act(_ name: String, id: String?, marked: [String]) {
        events.append(.action(name: name, id: id, marked: marked))
    }

    /// The events noted since the last call.
    mutating func take() -> [BrowserEvent] {
        defer { events = [] }
        return events
    }
}
