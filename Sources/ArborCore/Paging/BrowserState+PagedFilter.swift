extension BrowserState {
    /// Filters a level whose children are not all loaded: the source matches them in the background, and
    /// meanwhile the earlier matches that still match stay shown.
    mutating func filterPagedColumn(_ matcher: TextMatcher) -> [BrowserEffect] {
        let parent = navigation.levels[navigation.focusedLevel].parent
        let previous = navigation.levels[navigation.focusedLevel].filter
        let refines = previous.map { matcher.narrows($0.matcher) } ?? false
        let generation = makeGeneration()
        var shown: [NodeHandle] = []
        if refines, let previous {
            shown = previous.matches.filter { $0 != NodeStore.placeholder && matcher.matches(store[$0].title) }
        }
        navigation.levels[navigation.focusedLevel].filter = LevelFilter(matcher: matcher, matches: shown, isMatching: true, generation: generation)
        navigation.refocusByIdentity(level: navigation.focusedLevel, store: store)
        let among = refines && previous?.isMatching == false ? previous?.positions : nil
        return [.matchChildren(parent, id: store[parent].id, matcher: matcher, among: among, generation: generation)]
    }

    /// The positions of the matches arrived: the level lists them, placeholders for the pages not yet in.
    mutating func childrenMatched(_ handle: NodeHandle, generation: Int, _ result: Result<[Int32], SourceError>) -> [BrowserEffect] {
        guard let index = navigation.levels.firstIndex(where: { $0.parent == handle && $0.filter?.generation == generation }),
              var filter = navigation.levels[index].filter, filter.isMatching
        else { return [] }
        filter.isMatching = false
        switch result {
        case .failure(let error):
            message = error.message
            filter.positions = []
        case .success(let positions):
            filter.positions = positions
            if positions.isEmpty, index == navigation.focusedLevel { message = "no match" }
        }
        navigation.levels[index].filter = filter
        navigation.refreshPagedFilter(level: index, store: store)
        navigation.refocusByIdentity(level: index, store: store)
        return []
    }
}
