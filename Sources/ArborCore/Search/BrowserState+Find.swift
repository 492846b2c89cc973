extension BrowserState {
    /// Whether no path is being opened (by --select, a reload or a find).
    package var pendingPathIsEmpty: Bool { navigation.revealing.path.isEmpty }

    /// Routes a find action: the find's own state changes in ``FindState``; asking the source, opening a
    /// match and the generations are the browser's.
    mutating func applyFind(_ action: FindAction) -> [BrowserEffect] {
        switch action {
        case .query(let query): return startFind(query)
        case .moveFocus(let delta):
            finding.open?.moveFocus(by: delta)
            return []
        case .stop:
            guard finding.open?.progress?.isWalking == true || finding.open?.isSearching == true else { return [] }
            finding.open?.isStopped = true
            return [.stopSearch(cancelling: false, generation: loads.lastGeneration)]
        case .searchFurther:
            guard var open = finding.open else { return [] }
            open.widenBound(from: finding.bound)
            finding.open = open
            return open.query.isEmpty ? [] : search(open.query)
        case .openHit:
            guard let hit = finding.open?.focusedHit else { return [] }
            finding.openingHit = makeGeneration()
            finding.open = nil
            return [.stopSearch(cancelling: true, generation: finding.openingHit), .resolveFindHit(entry: hit.entry, generation: finding.openingHit)]
        case .close:
            guard finding.open != nil else { return [] }
            finding.open = nil
            return [.stopSearch(cancelling: true, generation: loads.lastGeneration)]
        case .updated(let generation, let update):
            if finding.open?.generation == generation { finding.open?.take(update) }
            return []
        case .walkStopped(let progress):
            if let progress, finding.open != nil { finding.open?.progress = progress }
            return []
        case .hitResolved(let generation, let result):
            return generation == finding.openingHit ? openFound(result) : []
        case .walkAhead:
            guard finding.open == nil else { return [] }
            return [.walkAhead(fields: finding.fields, bound: finding.bound, epoch: finding.epoch)]
        case .walkingAhead:
            return []
        }
    }

    /// Starts a find for `query`, or lists nothing for an empty one.
    mutating func startFind(_ query: String) -> [BrowserEffect] {
        var find = finding.open ?? FindState(query: query)
        find.query = query
        guard !query.isEmpty else {
            find.clearHits()
            finding.open = find
            return [.stopSearch(cancelling: true, generation: loads.lastGeneration)]
        }
        finding.open = find
        return search(query)
    }

    private mutating func search(_ query: String) -> [BrowserEffect] {
        guard var open = finding.open else { return [] }
        open.generation = makeGeneration()
        open.isSearching = true
        open.hasReported = false
        finding.open = open
        return [.search(query: query, fields: finding.fields, bound: open.bound ?? finding.bound, walks: !open.isStopped,
                        epoch: finding.epoch, generation: open.generation)]
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
        if !navigation.levels.isEmpty { navigation.levels = [Level(parent: navigation.levels[0].parent)] }
        return reveal(path, focusedLevel: nil)
    }
}
