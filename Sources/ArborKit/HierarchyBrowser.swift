import ArborCore
import ArborTUI
import Dispatch

/// The browser or picker over a program's own `HierarchySource`, presented on the terminal.
///
/// The mutation calls (``insertChildren(of:at:)`` and the others) may be made from any task or thread while
/// the browser runs; they keep the focus, the marks and the expansion where the items still exist.
public final class HierarchyBrowser: Sendable {
    /// The hierarchy shown.
    public let source: any HierarchySource
    /// How it looks, behaves and reports.
    public let options: BrowserOptions
    private let inbox = ActionInbox(pipe: WakePipe())

    /// Creates a browser over `source`; nothing is drawn until ``run()`` or ``present()``.
    public init(source: any HierarchySource, options: BrowserOptions = BrowserOptions()) {
        self.source = source
        self.options = options
    }

    /// Shows the browser on the terminal (`/dev/tty`, so stdout stays free for the result) until the user
    /// quits, cancels or picks, on the calling thread; the terminal is given back on every path.
    public func run() throws(TerminalError) -> BrowserResult {
        let lease = TerminalLease(theme: options.theme, mouse: options.mouse)
        defer { lease.release() }
        return try run(on: lease.acquire())
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

    /// Shows the browser on a terminal set up already (a loading screen's, or one in memory).
    package func run(on terminal: any TerminalDevice) throws(TerminalError) -> BrowserResult {
        let keyMap = (options.selection == .none ? KeyMap.standard : .picker)
            .remapped(options.keyChanges.map { ($0.key, $0.command) })
        let screen = BrowserScreen(sourceName: source.displayName, keyMap: keyMap, cellMode: options.cells.resolved(for: source),
                                   notice: options.notice)
        var controller = BrowserController(screen: screen, selectionMode: options.selection, layout: options.layout,
                                           showsHeader: options.showsHeader)
        controller.configureSearch(fields: options.searchFields, bound: options.searchBound)
        controller.expectedKeys = options.expectedKeys
        let loop = BrowserRunLoop(terminal: terminal, source: source, inbox: inbox,
                                  intervals: options.refreshInterval.map { [.refresh: $0] } ?? [:])
        let options = options
        let status = loop.run(&controller, reveal: options.reveal, query: options.query,
                              events: options.listens ? { options.deliver($0) } : nil)
        if let failure = terminal.failure { throw TerminalError(failure) }
        guard options.selection != .none, status == 0 else { return BrowserResult(picked: [], status: status) }
        let picked = controller.accepted ?? []
        return BrowserResult(picked: picked, status: picked.isEmpty ? 1 : 0, acceptingKey: controller.acceptingKey)
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

    /// The parent of an item changed: it was added, removed or replaced.
    public func invalidateParent(of id: String) {
        inbox.post(.action(.invalidateParent(of: id)))
    }

    /// The children of an item changed in a way not worth detailing: they are read again.
    public func invalidateChildren(of id: String) {
        inbox.post(.action(.invalidateChildren(of: id)))
    }

    /// The content of these items changed; their ids did not.
    public func invalidateItems(_ ids: [String]) {
        inbox.post(.action(.invalidateItems(ids)))
    }

    /// Anything may have changed: everything shown is read again, keeping the place where it still exists.
    public func reloadData() {
        inbox.post(.action(.reloadAll))
    }
}
