import Synchronization

/// The first requests a browser makes of a source, its root and the root's children, asked as soon as the source
/// is open so that they overlap the terminal's set-up. Each answer goes to the first request of its kind (the
/// first list of children asked for, whichever item it is), never to a later one; every other request goes to
/// the source.
package final class SourceHeadStart: Sendable {
    /// The source the requests go to.
    package let source: any HierarchySource
    private let state = Mutex<HeadStartState>(HeadStartState())

    /// Creates the requests of `source`, not yet asked.
    package init(source: any HierarchySource) {
        self.source = source
    }

    /// The requests of `source`, asked now where the source allows: where it reads ahead (its `capabilities`, or
    /// the source's own when not given).
    package static func begun(_ source: any HierarchySource, capabilities: SourceCapabilities? = nil) -> SourceHeadStart {
        let requests = SourceHeadStart(source: source)
        if (capabilities ?? source.capabilities).readsAhead { requests.begin() }
        return requests
    }

    /// Asks the source for its root and the root's children now (where listing is cheap and free of side effects,
    /// ``ReadingAhead``; other sources are asked only when the browser asks).
    private func begin() {
        let source = source
        let batches = EarlyBatches()
        let root = Task.detached { try await source.root() }
        let pages = source.pagesChildren
        let listing = Task.detached { () throws -> EarlyListing in
            guard let id = try await root.value?.id else { return .none }
            let partial: @Sendable ([SourceItem]) -> Void = { batches.hand($0) }
            if pages { return .paged(try await source.pagedChildren(of: id, partial: partial)) }
            return .whole(try await source.children(of: id, partial: partial))
        }
        state.withLock { $0.started = StartedRequests(root: root, listing: listing, batches: batches, pages: pages) }
    }

    /// The source's root: the early answer the first time.
    package func root() async throws -> SourceRoot? {
        let early = state.withLock { state -> StartedRequests? in
            defer { state.rootTaken = true }
            return state.rootTaken ? nil : state.started
        }
        guard let early else { return try await source.root() }
        return try await early.root.value
    }

    /// A page of an item's children, as ``HierarchySource/pagedChildren(of:partial:)``: the early answer when it
    /// is the first list asked for and of the root.
    package func pagedChildren(of id: String, partial: @escaping @Sendable ([SourceItem]) -> Void) async throws -> PagedChildren? {
        if let early = await takeListing(of: id, paged: true, partial: partial), case .paged(let children) = try await early.value {
            return children
        }
        return try await source.pagedChildren(of: id, partial: partial)
    }

    /// An item's children, as ``HierarchySource/children(of:partial:)``: the early answer when it is the first
    /// list asked for and of the root.
    package func children(of id: String, partial: @escaping @Sendable ([SourceItem]) -> Void) async throws -> [SourceItem] {
        if let early = await takeListing(of: id, paged: false, partial: partial), case .whole(let children) = try await early.value {
            return children
        }
        return try await source.children(of: id, partial: partial)
    }

    /// The early list when this is the first list asked for, of the same kind and of the root; the batches it
    /// handed on so far go to `partial` at once, the later ones as they come.
    private func takeListing(of id: String, paged: Bool, partial: @escaping @Sendable ([SourceItem]) -> Void) async
        -> Task<EarlyListing, any Error>?
    {
        let early = state.withLock { state -> StartedRequests? in
            defer { state.listingTaken = true }
            return state.listingTaken ? nil : state.started
        }
        guard let early, early.pages == paged, (try? await early.root.value)??.id == id else { return nil }
        early.batches.attach(partial)
        return early.listing
    }
}

/// What the head start has asked and what of it has been handed out.
private struct HeadStartState {
    var started: StartedRequests?
    var rootTaken = false
    var listingTaken = false
}

/// The requests under way.
private struct StartedRequests: Sendable {
    let root: Task<SourceRoot?, any Error>
    let listing: Task<EarlyListing, any Error>
    let batches: EarlyBatches
    let pages: Bool
}

/// The root's children as the source gave them.
private enum EarlyListing: Sendable {
    case none
    case paged(PagedChildren?)
    case whole([SourceItem])
}

/// Partial batches of the early list: kept until a request takes the list, then passed on as they come.
private final class EarlyBatches: Sendable {
    private let state = Mutex<(kept: [[SourceItem]], sink: (@Sendable ([SourceItem]) -> Void)?)>(([], nil))

    func hand(_ batch: [SourceItem]) {
        state.withLock { state in
            if let sink = state.sink { sink(batch) } else { state.kept.append(batch) }
        }
    }

    func attach(_ sink: @escaping @Sendable ([SourceItem]) -> Void) {
        state.withLock { state in
            for batch in state.kept { sink(batch) }
            state.kept = []
            state.sink = sink
        }
    }
}
