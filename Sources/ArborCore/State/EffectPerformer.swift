/// Carries out effects against a source and turns each answer into the action that reports it.
package struct EffectPerformer: Sendable {
    /// The source the effects are asked of.
    package let source: any HierarchySource
    /// What the source does beyond answering, asked once, before the first frame.
    package let capabilities: SourceCapabilities

    /// The generation of the newest match request: an older one stops where it is.
    private let latestMatch = LatestGeneration()
    /// The finds of the source.
    private let searches: SearchService
    /// The root and its children, when they were asked before the first effect.
    private let firstRequests: SourceHeadStart

    /// Creates a performer for a source; `headStart`, when given, holds its first answers, asked already;
    /// `capabilities`, when given, what the source does beyond answering (the source's own otherwise).
    package init(source: any HierarchySource, headStart: SourceHeadStart? = nil, capabilities: SourceCapabilities? = nil) {
        self.source = source
        self.capabilities = capabilities ?? source.capabilities
        searches = SearchService(source: source)
        firstRequests = headStart ?? SourceHeadStart(source: source)
    }

    /// Asks the source what the effect needs and returns the action carrying the answer; a long list of children
    /// may first come in part through `progress`.
    package func perform(_ effect: BrowserEffect, progress: @escaping @Sendable (BrowserAction) -> Void = { _ in }) async
        -> BrowserAction
    {
        switch effect {
        case .loadRoot(let generation):
            return .loaded(.root(generation: generation, await capture { try await firstRequests.root() }))
        case .loadChildren(let handle, let id, let generation):
            if source.pagesChildren {
                let counted = await capture {
                    try await firstRequests.pagedChildren(of: id) { batch in
                        progress(.loaded(.partialChildren(handle, generation: generation, batch)))
                    }
                }
                switch counted {
                case .success(let paged?) where paged.first.count >= paged.count && paged.notice == nil:
                    return .loaded(.children(handle, generation: generation, .success(paged.first)))
                case .success(let paged?): return .loaded(.countedChildren(handle, generation: generation, .success(paged)))
                case .failure(let error): return .loaded(.countedChildren(handle, generation: generation, .failure(error)))
                case .success(nil): break
                }
            }
            let result = await capture {
                try await firstRequests.children(of: id) { batch in
                    progress(.loaded(.partialChildren(handle, generation: generation, batch)))
                }
            }
            return .loaded(.children(handle, generation: generation, result))
        case .loadChildItems(let handle, let id, let indexes, let epoch):
            let result = await capture {
                var items: [IndexedItem] = []
                for index in indexes.sorted() {
                    for childID in try await source.childIDs(of: id, in: index..<(index + 1)) {
                        items.append(IndexedItem(index: index, item: try await source.item(childID)))
                    }
                }
                return items
            }
            return .loaded(.childItems(handle, epoch: epoch, result))
        case .loadChildPage(let handle, let id, let range, let epoch):
            let result = await capture { try await source.children(of: id, in: range) }
            return .loaded(.childPage(handle, epoch: epoch, start: range.lowerBound, result))
        case .locateChild(let handle, let id, let childID, let generation):
            let result = await capture { try await source.position(of: childID, in: id) }
            return .loaded(.childPosition(handle, generation: generation, result))
        case .matchChildren(let handle, let id, let matcher, let among, let generation):
            latestMatch.raise(to: generation)
            let result = await capture {
                try await ChildMatcher(source: source, parentID: id, matcher: matcher) { latestMatch.value != generation }
                    .positions(among: among)
            }
            return .loaded(.childMatches(handle, generation: generation, result))
        case .search(let query, let fields, let bound, let walks, let epoch, let generation):
            let update = await searches.search(query, fields: fields, bound: bound, walks: walks, epoch: epoch, generation: generation) {
                progress(.find(.updated(generation: generation, $0)))
            }
            return .find(.updated(generation: generation, update))
        case .stopSearch(let cancelling, let generation):
            return .find(.walkStopped(searches.stop(cancelling: cancelling, upTo: generation)))
        case .walkAhead(let fields, let bound, let epoch):
            if (bound ?? source.searchBound) == .unlimited { searches.walkAhead(fields: fields, epoch: epoch) }
            return .find(.walkingAhead)
        case .resolveFindHit(let entry, let generation):
            return .find(.hitResolved(generation: generation, await capture { try await searches.ids(to: entry) }))
        case .resolvePlace(let text, let generation):
            return .place(.resolved(generation: generation, await capture { try await PlaceResolver(source: source).path(to: text) }))
        case .completePlace(let text, let generation):
            return .place(.completed(generation: generation, await capture { try await PlaceResolver(source: source).complete(text) }))
        case .loadItem(let handle, let id, let generation):
            return .loaded(.item(handle, generation: generation, await capture { try await source.item(id) }))
        case .countChildren(let handle, let ids, let epoch):
            var counts: [String: Int] = [:]
            let counting = capabilities.countsInBackground
            for id in ids {
                counts[id] = counting ? (try? await source.numberOfChildren(of: id)).flatMap { $0 } ?? -1 : -1
            }
            return .loaded(.childCounts(handle, epoch: epoch, counts))
        case .setShowsHidden(let shows):
            let hiding = capabilities.hiddenEntries
            return .hiddenToggled(shows: shows, changed: hiding?.setShowsHidden(shows) == true)
        case .loadParent(let handle, let id, let generation):
            return .loaded(.parent(handle, generation: generation, await capture { try await source.parentID(of: id) }))
        }
    }

    private func capture<Value: Sendable>(_ body: () async throws -> Value) async -> Result<Value, SourceError> {
        do {
            return .success(try await body())
        } catch let error as SourceError {
            return .failure(error)
        } catch {
            return .failure(SourceError(String(describing: error)))
        }
    }
}
