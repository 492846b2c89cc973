extension BrowserState {
    /// Whether no path is being opened (by --select, a reload or a find).
    package var pendingPathIsEmpty: Bool { navigation.revealing.path.isEmpty }

    /// Routes a find action: the find's own state changes in ``FindState``; asking the source, opening a
    /// match and the generations are the browser's.
    mutating func applyFind(_ action: FindAction) -> [BrowserEffect] {
        switch action {
        case .query(let query): return startFind(query)
        case .moveFocus(let delta):
            find?.moveFocus(by: delta)
            return []
        case .stop:
            guard find?.progress?.isWalking == true || find?.isSearching == true else { return [] }
            find?.isStopped = true
            return [.stopSearch(cancelling: false, generation: loads.lastGeneration)]
        case .searchFurther:
            guard var find else { return [] }
            find.widenBound(from: finding.bound)
            self.find = find
            return find.query.isEmpty ? [] : search(find.query)
        case .openHit:
            guard let hit = find?.focusedHit else { return [] }
            finding.openingHit = makeGeneration()
            find = nil
            return [.stopSearch(cancelling: true, generation: finding.openingHit), .resolveFindHit(entry: hit.entry, generation: finding.openingHit)]
        case .close:
            guard find != nil else { return [] }
            find = nil
            return [.stopSearch(cancelling: true, generation: loads.lastGeneration)]
        case .updated(let generation, let update):
            if find?.generation == generation { find?.take(update) }
            return []
        case .walkStopped(let progress):
            if let progress, find != nil { find?.progress = progress }
            return []
        case .hitResolved(let generation, let result):
            return generation == finding.openingHit ? openFound(result) : []
        case .walkAhead:
            guard find == nil else { return [] }
            return [.walkAhead(fields: finding.fields, bound: finding.bound, epoch: finding.epoch)]
        case .walkingAhead:
            return []
        }
    }

    /// Starts a find for `query`, or lists nothing for an empty one.
    mutating func startFind(_ query: String) -> [BrowserEffect] {
        var find = self.find ?? FindState(query: query)
        find.query = query
        guard !query.isEmpty else {
            find.clearHits()
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
        return [.search(query: query, fields: finding.fields, bound: find.bound ?? finding.bound, walks: !find.isStopped,
                        epoch: finding.epoch, generation: find.generation)]
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

    /// Opens a path of ids that starts at the top of the source, whatever the layout.
    mutating func revealFromTop(_ path: [String]) -> [BrowserEffect] {
        message = nil
        if !columns.isEmpty { columns = [Column(parent: columns[0].parent)] }
        return reveal(path, focusedColumn: nil)
    }
}
