import ArborCore

/// What the run loop does after a key.
public enum KeyOutcome: Sendable, Equatable {
    /// Keep running and ask the source for these.
    case proceed([BrowserEffect])
    /// Leave with this exit status.
    case exit(Int32)
    /// Ask the source to show or hide hidden items, then reload.
    case toggleHidden
}

/// The browser without a terminal: keys and load results in, effects and frames out.
public struct BrowserController: Sendable {
    /// The model.
    public internal(set) var state: BrowserState
    /// The ids the picker accepted, once it has.
    public internal(set) var accepted: [String]?
    /// What is drawn around the hierarchy: help, prompt, find results, header.
    public internal(set) var chrome = ScreenChrome()
    /// Whether the help overlay is open.
    public var showsHelp: Bool { chrome.showsHelp }
    /// The renderer.
    public let screen: BrowserScreen
    var size: (width: Int, height: Int) = (0, 0)
    /// Advances the loading spinner; the run loop bumps it while something loads.
    public var tick = 0
    /// The query given at start, until the column it filters has loaded.
    var pendingQuery: String?

    /// Whether anything is loading, so the spinner should turn.
    public var isLoading: Bool {
        state.rootLoad.isLoading || state.columns.indices.contains(where: state.isLoading(column:)) || !state.countsPending.isEmpty
            || chrome.sourceIsReading
    }

    /// Tells the footer whether the source is still reading its input.
    public mutating func setSourceIsReading(_ reading: Bool) {
        chrome.sourceIsReading = reading
    }

    /// Creates a controller drawing with `screen`; a selection mode other than `.none` makes it a picker.
    public init(screen: BrowserScreen, selectionMode: SelectionMode = .none, layout: Layout = .columns, showsHeader: Bool = false) {
        self.screen = screen
        state = BrowserState(selectionMode: selectionMode, layout: layout)
        chrome.showsHeader = showsHeader
    }

    /// Sets what finds search and how far they walk (nil: the source's own bound).
    public mutating func configureSearch(fields: SearchFields, bound: SearchBound?) {
        state.searchFields = fields
        state.searchBound = bound
    }

    /// Whether the focused column is waiting for its items, so that keys typed ahead should wait too.
    public var isAwaitingFocusedColumn: Bool {
        state.columns.indices.contains(state.focusedColumn) && state.isLoading(column: state.focusedColumn)
            && state.items(in: state.focusedColumn).isEmpty
    }

    /// Whether the controller picks items rather than browses.
    public var isPicker: Bool { state.selection.mode != .none }

    /// Sets the terminal size and starts loading, opening `reveal` (ids from the top down) when given; a
    /// `query` is typed in the filter prompt and applied once the first column has loaded.
    public mutating func start(width: Int, height: Int, reveal: [String] = [], query: String? = nil) -> [BrowserEffect] {
        size = (width, height)
        var effects = state.apply(.start)
        if !reveal.isEmpty { effects += state.apply(.reveal(path: reveal)) }
        if let query, !query.isEmpty {
            var prompt = Prompt(kind: .filter)
            prompt.text = query
            prompt.cursor = query.count
            chrome.prompt = prompt
            pendingQuery = query
        }
        return effects + fitViewport() + applyPendingQuery()
    }

    /// Filters the focused column with the query given at start, once that column has loaded.
    mutating func applyPendingQuery() -> [BrowserEffect] {
        guard pendingQuery != nil, state.columns.indices.contains(state.focusedColumn), state.pendingPathIsEmpty,
              !state.isLoading(column: state.focusedColumn), let prompt = chrome.prompt, prompt.kind == .filter else { return [] }
        pendingQuery = nil
        return promptChanged(prompt)
    }

    /// The terminal changed size.
    public mutating func resize(width: Int, height: Int) -> [BrowserEffect] {
        size = (width, height)
        return fitViewport()
    }

    /// Applies a load result or a mutation.
    public mutating func receive(_ action: BrowserAction) -> [BrowserEffect] {
        let effects = state.apply(action) + fitViewport() + applyPendingQuery()
        if case .placeCompleted = action, let completion = state.placeCompletion, var prompt = chrome.prompt, prompt.kind == .jump {
            prompt.text = completion.text
            prompt.cursor = completion.text.count
            chrome.prompt = prompt
        }
        return effects
    }

    /// Handles one key press.
    public mutating func handle(_ key: Key) -> KeyOutcome {
        if key == .resize { return .proceed([]) }
        if case .mouse(let event) = key { return handleMouse(event) }
        if chrome.prompt != nil { return handlePrompt(key) }
        guard let command = screen.keyMap.command(for: key) else { return .proceed([]) }
        if showsHelp {
            switch command {
            case .cancel: return .exit(130)
            case .help, .quit: chrome.showsHelp = false
            case .nextItem, .pageDown:
                let last = max(0, screen.keyMap.bindings.count - max(1, size.height - 4))
                chrome.helpScroll = min(chrome.helpScroll + (command == .nextItem ? 1 : 10), last)
            case .previousItem, .pageUp: chrome.helpScroll = max(0, chrome.helpScroll - (command == .previousItem ? 1 : 10))
            default: break
            }
            return .proceed([])
        }
        let action: BrowserAction
        switch command {
        case .previousItem: action = .moveFocus(by: -1)
        case .nextItem: action = .moveFocus(by: 1)
        case .pageUp: action = .pageUp
        case .pageDown: action = .pageDown
        case .firstItem: action = .first
        case .lastItem: action = .last
        case .expand:
            if isPicker, let outcome = pickerEnter() { return outcome }
            action = .expand
        case .toggleMark:
            guard isPicker else { return .proceed([]) }
            action = .toggleMark
        case .toggleHidden:
            return .toggleHidden
        case .nextLevel: action = .nextLevel
        case .previousLevel: action = .previousLevel
        case .reload:
            guard let item = state.focusedItem else { return .proceed([]) }
            action = .invalidateChildren(of: state.store[item].id)
        case .toggleLayout: action = .toggleLayout
        case .toggleHeader:
            chrome.showsHeader.toggle()
            chrome.headerPage = 0
            return .proceed(fitViewport())
        case .headerPage:
            let metrics = screen.metrics(for: state, header: chrome.showsHeader, width: size.width, height: size.height)
            if metrics.headerRows > 0, metrics.isCompact {
                chrome.headerPage += 1
                return .proceed([])
            }
            guard isPicker else { return .proceed([]) }
            action = .toggleMark
        case .filter, .find, .jump:
            return .proceed(openPrompt(command == .filter ? .filter : command == .find ? .find : .jump))
        case .nextMatch, .previousMatch:
            guard let search = chrome.search else { return .proceed([]) }
            action = .findNext(search.query, forward: command == .nextMatch)
        case .help:
            chrome.showsHelp = true
            chrome.helpScroll = 0
            return .proceed([])
        case .quit:
            if key == .escape, hasFilter { action = .clearFilter; break }
            return .exit(isPicker ? 130 : 0)
        case .cancel: return .exit(130)
        }
        return .proceed(state.apply(action) + fitViewport())
    }

    /// Enter in the picker: accept the marks; with none, accept a leaf (nil: expand a parent instead).
    private mutating func pickerEnter() -> KeyOutcome? {
        if state.selection.count > 0 {
            accepted = state.selection.ids
            return .exit(0)
        }
        guard let item = state.focusedItem else {
            accepted = []
            return .exit(1)
        }
        if state.store[item].childCount != 0 { return nil }
        accepted = [state.store[item].id]
        return .exit(0)
    }

    /// Draws the current frame.
    public func render() -> CellGrid {
        screen.render(state, chrome: chrome, tick: tick, width: size.width, height: size.height)
    }

    /// Tells the model what fits, when that changed.
    mutating func fitViewport() -> [BrowserEffect] {
        let metrics = screen.metrics(for: state, header: chrome.showsHeader, width: size.width, height: size.height)
        guard metrics.columnSlots != state.visibleColumns || metrics.itemsPerPage != state.itemsPerPage else { return [] }
        return state.apply(.setViewport(columns: metrics.columnSlots, itemsPerPage: metrics.itemsPerPage))
    }
}
