import ArborCore
import ArborTUI
import Dispatch

/// The browser or picker over a program's own `HierarchySource`, presented on the terminal.
///
/// The change calls (``insertChildren(_:of:at:)`` and the others) may be made from any task or thread while
/// the browser runs; they keep the focus, the marks and the expansion where the items still exist.
public final class HierarchyBrowser: Sendable {
    /// Where the hierarchy comes from: given, or opened when the browser runs.
    private enum Origin: Sendable {
        case ready(any HierarchySource)
        case opening(name: String, open: @Sendable () async throws -> any HierarchySource)
    }

    /// How it looks, behaves and reports.
    public let options: BrowserOptions
    private let origin: Origin
    private let inbox = ActionInbox(pipe: WakePipe())
    private let board = ShownBoard()

    /// The hierarchy shown; nil for a browser over a source still to be opened (``init(opening:options:open:)``).
    public var source: (any HierarchySource)? {
        if case .ready(let source) = origin { source } else { nil }
    }

    /// Creates a browser over `source`; nothing is drawn until ``run()`` or ``present()``.
    public init(source: any HierarchySource, options: BrowserOptions = BrowserOptions()) {
        self.options = options
        origin = .ready(source)
    }

    /// Creates a browser over a source `open` makes when the browser runs, on another thread: once that takes
    /// longer than a moment the terminal shows a loading screen naming `name` (q, Esc and Ctrl-C stop it, the
    /// result then cancelled), and the browser follows on the same screen. An error of `open` ends the run
    /// with ``BrowserResult/Ending/failed`` and its text in ``BrowserResult/failure``.
    public init(opening name: String, options: BrowserOptions = BrowserOptions(),
                open: @escaping @Sendable () async throws -> any HierarchySource) {
        self.options = options
        origin = .opening(name: name, open: open)
    }

    /// Shows the browser on the terminal (`/dev/tty`, so stdout stays free for the result) until the user
    /// quits, cancels or picks, on the calling thread; the terminal is given back on every path.
    public func run() throws(TerminalError) -> BrowserResult {
        let lease = TerminalLease(theme: options.theme, mouse: options.mouse)
        defer { lease.release() }
        return try run(acquire: lease.acquire, release: lease.release)
    }

    /// Opens the source if it is to be opened (the run loop's first phase, on a terminal acquired only if that
    /// takes a while), then shows the browser on the terminal `acquire` gives.
    package func run(acquire: () throws(TerminalError) -> any TerminalDevice, release: () -> Void) throws(TerminalError) -> BrowserResult {
        switch origin {
        case .ready(let source): return try run(on: acquire(), source: source, headStart: headStart(of: source))
        case .opening(let name, let open): return try openThenRun(name: name, open: open, acquire: acquire, release: release)
        }
    }

    /// The run loop's first phase while `open` makes the source, then the browser over it.
    private func openThenRun(name: String, open: @escaping @Sendable () async throws -> any HierarchySource,
                             acquire: () throws(TerminalError) -> any TerminalDevice, release: () -> Void) throws(TerminalError) -> BrowserResult {
        let opened: Result<any HierarchySource, any Error>
        do throws(OpeningStop) {
            opened = try BrowserRunLoop.open(name: name, acquire: { try? acquire() }, release: release) { done in
                Task.detached {
                    do { done(.success(try await open())) } catch { done(.failure(error)) }
                }
            }
        } catch {
            if let failure = error.failure { throw TerminalError(failure) }
            return BrowserResult(picked: [], status: error.status)
        }
        switch opened {
        case .success(let source): return try run(on: acquire(), source: source, headStart: headStart(of: source))
        case .failure(let error):
            return BrowserResult(picked: [], status: 2, failure: (error as? SourceError)?.message ?? String(describing: error))
        }
    }

    /// As ``run()``, on a thread of its own, for a program that is itself asynchronous.
    public func present() async throws(TerminalError) -> BrowserResult {
        let result = await withCheckedContinuation { (done: CheckedContinuation<Result<BrowserResult, TerminalError>, Never>) in
            DispatchQueue(label: "arbor.browser").async {
                do throws(TerminalError) {
                    done.resume(returning: .success(try self.run()))
                } catch {
                    done.resume(returning: .failure(error))
                }
            }
        }
        switch result {
        case .success(let value): return value
        case .failure(let error): throw error
        }
    }

    /// The source's root and first list, asked now so that they come while the terminal is set up; nil when a
    /// query's answer is shown instead of them.
    package func headStart(of source: any HierarchySource) -> SourceHeadStart? {
        options.answer == nil ? SourceHeadStart.begun(source) : nil
    }

    /// Shows the browser on a terminal set up already (a loading screen's, or one in memory).
    /// `headStart` holds the source's first answers when they were asked while the terminal was set up; the first
    /// frame opens `firstFrame`.
    package func run(on terminal: any TerminalDevice, source: any HierarchySource, headStart: SourceHeadStart? = nil,
                     firstFrame: FirstFrameGate? = nil) throws(TerminalError) -> BrowserResult {
        let capabilities = source.capabilities
        let changes = options.keyChanges.map { ($0.key, $0.command) }
        let keyMaps = (browse: KeyMap.standard.remapped(changes), pick: KeyMap.picker.remapped(changes))
        var screen = BrowserScreen(sourceName: source.displayName, keyMap: options.selection == .none ? keyMaps.browse : keyMaps.pick, cellMode: options.cells.resolved(for: source),
                                   notice: options.notice, cellRenderer: options.cellRenderer)
        screen.headerLayout = options.headerLayout
        var controller = BrowserController(screen: screen, selectionMode: options.selection, layout: options.layout,
                                           showsHeader: options.showsHeader)
        var settings = ControllerSettings()
        settings.searchFields = options.searchFields
        settings.searchBound = options.searchBound
        settings.expectedKeys = options.expectedKeys
        settings.previewWindow = options.previewWindow ?? PreviewWindow(hidden: options.previewCommand == nil)
        settings.previewCommand = options.previewCommand
        for binding in options.bindings { settings.actionBindings[binding.key] = binding.actions }
        for action in options.actions { settings.actionBindings[action.key] = [.custom(action.name)] }
        settings.placeholderSource = PlaceholderSource(file: options.sourceFile, idsArePaths: options.idsArePaths)
        settings.changes = capabilities.navigating
        settings.acceptEnds = options.acceptEnds
        settings.showsRootParent = options.showsRootParent
        settings.keyMaps = keyMaps
        controller.configure(settings)
        let loop = BrowserRunLoop(terminal: terminal, source: source, inbox: inbox,
                                  intervals: options.refreshInterval.map { [.refresh: $0] } ?? [:], headStart: headStart,
                                  capabilities: capabilities)
        loop.itemLimit = (options.searchBound ?? source.searchBound).items ?? Int.max
        loop.firstFrame = firstFrame
        loop.shownBoard = board
        let options = options
        var reveal = options.reveal
        if let answer = options.answer {
            loop.showAnswer(answer)
            controller.showAnswer(answer, expression: options.answerExpression ?? "$")
            if reveal.isEmpty, let first = answer.matches.first { reveal = answer.revealPath(to: first) ?? [] }
        }
        let status = loop.run(&controller, reveal: reveal, query: options.query,
                              events: options.listens ? { options.deliver($0) } : nil)
        if let onClose = options.onClose {
            let state = controller.state
            onClose(BrowserClosing(focusedID: state.focusedItem.flatMap { $0 == NodeStore.placeholder ? nil : state.store[$0].id },
                                   marked: state.selection.ids, expanded: state.navigation.levels.dropFirst().map { state.store[$0.parent].id },
                                   status: status))
        }
        if let failure = terminal.failure { throw TerminalError(failure) }
        guard controller.state.selection.mode != .none, status == 0 else { return BrowserResult(picked: [], status: status) }
        let picked = controller.accepted ?? []
        return BrowserResult(picked: picked, status: picked.isEmpty ? 1 : 0, acceptingKey: controller.acceptingKey)
    }

    /// What the last frame showed: the items in view with their cells on the terminal, and the focused item
    /// (the seed's `cellForItem(with:)`, read from any thread while the browser runs).
    public var shown: ShownItems { board.current }

    /// Moves the focus to the last id of `path`, the ids from the root down (the root first unless it is
    /// virtual), opening the levels on the way and reading what they need; a path that stops matching stops
    /// there.
    public func reveal(_ path: [String]) {
        inbox.post(contentsOf: [.action(.reveal(path: path))])
    }

    /// Picks this way from now on (none: browsing; single; multiple), the keys following (Enter accepts and Tab
    /// marks while picking); marks the new mode does not allow go.
    public func setSelection(_ mode: SelectionMode) {
        inbox.post(contentsOf: [.action(.selection(.setMode(mode)))])
    }

    /// Marks exactly these ids, in this order, replacing the marks (the last alone for a single pick; none when
    /// the browser does not pick); ``shown`` reads them back once a frame has shown them.
    public func setMarks(_ ids: [String]) {
        inbox.post(contentsOf: [.action(.selection(.set(ids)))])
    }

    /// Items of these ids were inserted among the children of `parentID`, at these indexes of its new list.
    ///
    /// Change the source first, then call. An id the browser lists already (it read the list again meanwhile)
    /// stays once; the content of the others is asked for.
    public func insertChildren(_ ids: [String], of parentID: String, at indexes: [Int]) {
        apply([.insertedItems(ids, of: parentID, at: indexes)])
    }

    /// Items of these ids were removed from the children of `parentID`; their marks go with them.
    public func removeChildren(_ ids: [String], of parentID: String) {
        apply([.removedItems(ids, of: parentID)])
    }

    /// Applies changes as one batch, in order, on the browser's thread between two frames: none is drawn
    /// half done, and a reading of a changed list that was under way is asked again.
    public func apply(_ changes: [SourceChange]) {
        inbox.post(contentsOf: changes.map(BrowserInput.sourceChange))
    }

    /// The parent of an item changed: it was added, removed or replaced; a moved item is shown under its new
    /// parent, with the levels above it as the source gives them from the root.
    public func invalidateParent(of id: String) {
        apply([.parentChanged(of: id)])
    }

    /// The children of an item changed in a way not worth detailing: they are read again.
    public func invalidateChildren(of id: String) {
        apply([.childrenChanged(of: id)])
    }

    /// The content of these items changed; their ids did not.
    public func invalidateItems(_ ids: [String]) {
        apply([.itemsChanged(ids)])
    }

    /// Anything may have changed: everything shown is read again, keeping the place where it still exists.
    public func reloadData() {
        apply([.reloaded])
    }
}
