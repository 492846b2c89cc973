extension BrowserState {
    /// Whether no path is being opened (by --select, a reload or a find).
    package var pendingPathIsEmpty: Bool { revealing.path.isEmpty }

    /// Starts a find for `query`, or lists nothing for an empty one.
    mutating func find(_ query: String) -> [BrowserEffect] {
        var find = self.find ?? FindState(query: query)
        find.query = query
        guard !query.isEmpty else {
            find.hits = []
            find.total = 0
            find.isSearching = false
            self.find = find
            return [.stopSearch(cancelling: true, generation: loads.lastGeneration)]
        }
        self.find = find
        return search(query)
    }

    private mutating func search(_ query: String) -> [BrowserEffect] {
        guard var find else { return [] }
        find.generation = makeGeneration()
        find.isSearching = true
        find.hasReported = false
        self.find = find
        return [.search(query: query, fields: searchFields, bound: find.bound ?? searchBound, walks: !find.isStopped,
                        epoch: searchEpoch, generation: find.generation)]
    }

    mutating func moveFindFocus(by delta: Int) -> [BrowserEffect] {
        guard var find, !find.hits.isEmpty else { return [] }
        find.focus = max(0, min(find.hits.count - 1, find.focus + delta))
        self.find = find
        return []
    }

    /// Stops the walk; the matches found stay, and later queries search what it visited.
    mutating func stopFind() -> [BrowserEffect] {
        guard find?.progress?.isWalking == true || find?.isSearching == true else { return [] }
        find?.isStopped = true
        return [.stopSearch(cancelling: false, generation: loads.lastGeneration)]
    }

    /// Widens the bound of the walk (deeper, more items) and searches again.
    mutating func searchFurther() -> [BrowserEffect] {
        guard var find else { return [] }
        find.bound = (find.progress?.bound ?? find.bound ?? searchBound ?? .lazyDefault).further
        find.isStopped = false
        self.find = find
        return find.query.isEmpty ? [] : search(find.query)
    }

    mutating func openFindHit() -> [BrowserEffect] {
        guard let find, find.hits.indices.contains(find.focus) else { return [] }
        openingHit = makeGeneration()
        self.find = nil
        return [.stopSearch(cancelling: true, generation: openingHit), .resolveFindHit(entry: find.hits[find.focus].entry, generation: openingHit)]
    }

    mutating func closeFind() -> [BrowserEffect] {
        guard find != nil else { return [] }
        find = nil
        return [.stopSearch(cancelling: true, generation: loads.lastGeneration)]
    }

    /// Takes the matches a search reports, keeping the focus on its match when it is still listed.
    mutating func findUpdated(generation: Int, _ update: FindUpdate) -> [BrowserEffect] {
        guard var find, find.generation == generation else { return [] }
        let focused = find.hits.indices.contains(find.focus) ? find.hits[find.focus].entry : nil
        find.hits = update.hits
        find.total = update.total
        find.progress = update.progress
        find.isSearching = !update.isFinal
        find.hasReported = true
        find.focus = focused.flatMap { entry in update.hits.firstIndex { $0.entry == entry } } ?? 0
        self.find = find
        return []
    }

    mutating func findWalkStopped(_ progress: SearchProgress?) -> [BrowserEffect] {
        if let progress, find != nil { find?.progress = progress }
        return []
    }

    mutating func findHitResolved(generation: Int, _ result: Result<[String], SourceError>) -> [BrowserEffect] {
        generation == openingHit ? openFound(result) : []
    }

    /// Opens a path of ids the source found (for a match or a place), or says why there is none.
    mutating func openFound(_ result: Result<[String], SourceError>) -> [BrowserEffect] {
        switch result {
        case .success(let path): return revealFromTop(path)
        case .failure(let error):
            message = error.message
            return []
        }
    }

    /// Opens a path of ids that starts at the top of the source, across the columns or in the outline.
    mutating func revealFromTop(_ path: [String]) -> [BrowserEffect] {
        message = nil
        if layout == .outline { return apply(.reveal(path: path)) }
        if !columns.isEmpty { columns = [Column(parent: columns[0].parent)] }
        return reveal(path, focusedColumn: nil)
    }
}
