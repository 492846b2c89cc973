import ArborCore
import Synchronization

/// A file's hierarchy that follows the file: its directory is watched (and the file itself where the kernel
/// watches files), and when the file is another version (written and closed, or replaced by a rename as
/// editors and `jq ... > tmp && mv tmp file` do) it is read again, in the background; the new hierarchy
/// takes the old one's place and the browser reads the lists on screen again, comparing by id. A version
/// that does not read keeps the last good one and is reported. A source made of several files (a difference)
/// follows each of them. It can do what the version shown can, and reports changes of its own.
final class ReopeningSource: ChangeReporting, HiddenEntries, ChangeNavigating, PreviewingItems, LocatingItems, ReadingOutcome {
    private struct State {
        var current: any HierarchySource
        var version: [Int]
        var observer: (@Sendable (SourceChange) -> Void)?
        var watcher: DirectoryWatcher?
        var troubled = false
        /// What the browser last asked of hidden entries, given to each new version.
        var showsHidden: Bool?
        /// False while the first version shown is a part of the input, the whole being read.
        var isComplete = true
        /// The changes that completed the reading, kept for an observer that comes after them.
        var completion: [SourceChange] = []
        /// Why the whole input did not open, when the first part shown was all that could be.
        var failure: String?
        /// The problems in the data the whole input was opened with.
        var problems: [String] = []
    }

    private let state: Mutex<State>
    private let paths: [String]
    private let reopen: @Sendable () throws(SourceLoadError) -> any HierarchySource
    private let reading = Mutex(false)
    /// Whether changes of the file are followed.
    private let follows: Bool
    /// What reading the whole input, when the first version shown is a part of it, waits for.
    let firstFrame: FirstFrameGate

    /// Follows the file at `path` (unless not `follows`), read as `source` at `version`; `reopen` reads it again.
    /// Reading the whole input after a part waits for `firstFrame`.
    init(_ source: any HierarchySource, path: String, version: [Int], follows: Bool = true, firstFrame: FirstFrameGate = FirstFrameGate(),
         reopen: @escaping @Sendable () throws(SourceLoadError) -> any HierarchySource) {
        state = Mutex(State(current: source, version: version))
        paths = [path]
        self.follows = follows
        self.firstFrame = firstFrame
        self.reopen = reopen
    }

    /// Follows the files at `paths`, read as `source`; nil when one of them is not a regular file.
    init?(_ source: any HierarchySource, paths: [String], reopen: @escaping @Sendable () throws(SourceLoadError) -> any HierarchySource) {
        self.paths = paths
        self.reopen = reopen
        follows = true
        firstFrame = FirstFrameGate()
        state = Mutex(State(current: source, version: []))
        guard let version = version() else { return nil }
        state.withLock { $0.version = version }
    }

    /// The versions of every file, one after the other; nil when one is not a regular file.
    private func version() -> [Int]? {
        var versions: [Int] = []
        for path in paths {
            guard let version = SourceFile.version(path) else { return nil }
            versions += version
        }
        return versions
    }

    var current: any HierarchySource { state.withLock { $0.current } }

    /// What the version shown can do, through this source (which passes each request on to the version shown
    /// then), and the changes it reports. A source that watches the screen or cancels requests is not a file and
    /// is never followed.
    var capabilities: SourceCapabilities {
        let shown = current.capabilities
        return SourceCapabilities(
            hiddenEntries: shown.hiddenEntries.map { _ in self }, countsInBackground: shown.countsInBackground,
            readsAhead: shown.readsAhead, reporting: self, navigating: shown.navigating.map { _ in self },
            previewing: shown.previewing.map { _ in self }, locating: shown.locating.map { _ in self },
            immediateChildren: shown.immediateChildren.map { _ in self },
            indexedQuerying: shown.indexedQuerying != nil || !isComplete ? self : nil)
    }

    var displayName: String { current.displayName }
    var isDocument: Bool { current.isDocument }
    var isComplete: Bool { state.withLock { $0.isComplete } }

    /// Shows the source given at first (a part of the input) until `whole` has read and opened all of it, on
    /// another thread; then shows that, reporting ``SourceChange/completed(problem:)`` with the problems it
    /// found. When the whole does not open, the part stays and the reason is the problem.
    func complete(by whole: @escaping @Sendable () throws(SourceLoadError) -> OpenedSource,
                  salvaging salvage: (@Sendable (Int) -> (any HierarchySource)?)? = nil) {
        state.withLock { $0.isComplete = false }
        WorkerThreads.start { [self] in
            firstFrame.wait()
            var changes: [SourceChange]
            do throws(SourceLoadError) {
                let opened = try whole()
                let problems = opened.problems
                let first = state.withLock { state in
                    defer {
                        state.current = opened.hierarchy
                        state.problems = problems
                    }
                    return state.current
                }
                changes = [.completed(problem: problems.count > 1 ? "\(problems.count) problems in the data (listed on stderr)" : problems.first)]
                // Read as another kind after all (an object tree): its ids are not the part's, so the place is left.
                if type(of: first) != type(of: opened.hierarchy) { changes.insert(.reloaded, at: 0) }
            } catch {
                // What the whole holds before it breaks replaces the part, where the reader said where that is.
                let before = error.offset.flatMap { salvage?($0) }
                state.withLock {
                    $0.failure = error.message
                    $0.troubled = true
                    if let before { $0.current = before }
                }
                // Said for as long as the part is shown (until the file reads whole), not only until the next key.
                changes = [.completed(problem: nil), .problem(error.message + " (the part read before it is shown)")]
            }
            let observer = state.withLock { state in
                state.isComplete = true
                if state.observer == nil { state.completion = changes }
                return state.observer
            }
            if let observer { changes.forEach(observer) }
        }
    }

    var readingFailure: String? { state.withLock { $0.failure } }
    var readingProblems: [String] { state.withLock { $0.problems } }

    /// Starts watching the file's directory; changes are reported from then on.
    func observeChanges(_ report: @escaping @Sendable (SourceChange) -> Void) {
        let completion = state.withLock { state in
            state.observer = report
            defer { state.completion = [] }
            return state.completion
        }
        completion.forEach(report)
        guard follows else { return }
        var watched: [[UInt8]] = []
        for path in paths {
            let bytes = Array(path.utf8)
            let directory = bytes.lastIndex(of: UInt8(ascii: "/")).map { $0 == 0 ? [UInt8(ascii: "/")] : Array(bytes[..<$0]) }
                ?? Array(FileSystemSource.absolute(".").utf8)
            watched += [directory, bytes]
        }
        let watcher = DirectoryWatcher { [weak self] _ in self?.checkVersion() }
        state.withLock {
            $0.observer = report
            $0.watcher = watcher
        }
        watcher.watch(Set(watched))
    }

    /// Reads the file again if it is another version than the one shown; one read at a time.
    private func checkVersion() {
        guard isComplete, let version = version(), version != state.withLock({ $0.version }) else { return }
        guard reading.withLock({ busy in defer { busy = true }; return !busy }) else { return }
        defer { reading.withLock { $0 = false } }
        var changes: [SourceChange]
        do {
            let source = try reopen()
            if let shows = state.withLock({ $0.showsHidden }) { _ = source.capabilities.hiddenEntries?.setShowsHidden(shows) }
            let wasTroubled = state.withLock { state in
                state.current = source
                state.version = version
                defer { state.troubled = false }
                return state.troubled
            }
            changes = [.changed] + (wasTroubled ? [.problem(nil)] : [])
        } catch {
            state.withLock {
                $0.version = version
                $0.troubled = true
            }
            changes = [.problem(error.message + " (showing the last version that could be read)")]
        }
        if let report = state.withLock({ $0.observer }) { changes.forEach(report) }
        // A write that came while reading is read now.
        if self.version() != version { checkVersion() }
    }

    func setShowsHidden(_ shows: Bool) -> Bool {
        let current = state.withLock { state in
            state.showsHidden = shows
            return state.current
        }
        return current.capabilities.hiddenEntries?.setShowsHidden(shows) ?? false
    }

    func revealPath(toChangeFrom id: String?, forward: Bool) -> [String]? {
        current.capabilities.navigating?.revealPath(toChangeFrom: id, forward: forward)
    }

    func preview(of id: String, lines: Int) async throws -> ItemPreview {
        try await current.itemPreview(of: id, lines: lines)
    }

    func location(of id: String) async throws -> ItemLocation {
        try await current.itemLocation(of: id)
    }

    func root() async throws -> SourceRoot? { try await current.root() }
    /// A count the first part shown does not know yet is answered once the whole has been read.
    func numberOfChildren(of id: String) async throws -> Int? {
        while let partial = state.withLock({ $0.isComplete ? nil : FormatCapabilities(of: $0.current).partialCounts }),
              partial.countIsPartial(of: id) {
            try await Task.sleep(nanoseconds: 20_000_000)
        }
        return try await current.numberOfChildren(of: id)
    }
    func childIDs(of id: String, in range: Range<Int>) async throws -> [String] { try await current.childIDs(of: id, in: range) }
    func parentID(of id: String) async throws -> String? { try await current.parentID(of: id) }
    func item(_ id: String) async throws -> SourceItem { try await current.item(id) }
    func children(of id: String) async throws -> [SourceItem] { try await current.children(of: id) }
    func children(of id: String, partial: @Sendable ([SourceItem]) -> Void) async throws -> [SourceItem] {
        try await current.children(of: id, partial: partial)
    }
    var pagesChildren: Bool { current.pagesChildren }
    func children(of id: String, in range: Range<Int>) async throws -> [SourceItem] { try await current.children(of: id, in: range) }
    func pagedChildren(of id: String) async throws -> PagedChildren? { try await current.pagedChildren(of: id) }
    func pagedChildren(of id: String, partial: @Sendable ([SourceItem]) -> Void) async throws -> PagedChildren? {
        try await current.pagedChildren(of: id, partial: partial)
    }
    func position(of childID: String, in parentID: String) async throws -> Int? { try await current.position(of: childID, in: parentID) }
    var searchBound: SearchBound { current.searchBound }
    func searchEntries(ofChildrenOf id: String, in range: Range<Int>?, fields: SearchFields) async throws -> [SearchEntry] {
        try await current.searchEntries(ofChildrenOf: id, in: range, fields: fields)
    }
    func searchPage(ofChildrenOf id: String, in range: Range<Int>?, fields: SearchFields, into page: inout SearchPage) async throws {
        try await current.searchPage(ofChildrenOf: id, in: range, fields: fields, into: &page)
    }
}
