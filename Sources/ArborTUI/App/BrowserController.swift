import ArborCore

/// What a key's command leads to, inside the controller: go on with these source requests, or leave.
enum KeyOutcome: Sendable, Equatable {
    /// Keep running and ask the source for these.
    case proceed([BrowserEffect])
    /// Leave with this exit status.
    case exit(Int32)
}

/// The browser without a terminal: keys and load results in, effects and frames out.
package struct BrowserController: Sendable {
    /// The model.
    package internal(set) var state: BrowserState
    /// The ids the picker accepted, once it has.
    package internal(set) var accepted: [String]?
    /// Keys that accept in the picker as Enter does, whatever they are bound to (fzf's `--expect`).
    package internal(set) var expectedKeys: [Key] = []
    /// The effects of the input being applied, beyond its source requests: handed out whole when it is done.
    var pending = InputEffects()
    /// The key of `expectedKeys` that accepted, if one did.
    package internal(set) var acceptingKey: Key?
    /// What is drawn around the hierarchy: help, prompt, find results, header.
    package internal(set) var chrome = ScreenChrome()
    /// Whether the help overlay is open.
    package var showsHelp: Bool { chrome.showsHelp }
    /// The renderer.
    package private(set) var screen: BrowserScreen
    var size: (width: Int, height: Int) = (0, 0)
    /// Where this turn's frame puts everything, computed once after each input: painting, the mouse and paging
    /// read it and nothing else.
    package private(set) var layout: ScreenLayout
    /// Advances the loading spinner; the run loop bumps it while something loads.
    package var tick = 0
    /// The query given at start, until the column it filters has loaded.
    var pendingQuery: String?
    /// Keys typed while the focused column waits for its items, applied once it has them or the wait ends.
    var typedAhead = TypedAheadKeys()
    /// Whether the source reads children ahead once the focus rests.
    var readsAhead = false
    /// Whether the walk ahead of a find was asked for (or a find walked).
    var walkedAhead = false
    /// What the program presenting the browser is told of, when it listens.
    var eventWatch: BrowserEventWatch?
    /// Whether accepting in the picker ends the browser.
    var acceptEnds = true
    /// The keys of browsing and of picking, when the selection's mode may change while the browser runs.
    var keyMaps: (browse: KeyMap, pick: KeyMap)?
    /// The query prompt's expression and the answer the columns show.
    package internal(set) var query = QueryState()
    /// The preview pane.
    package internal(set) var preview = PreviewPane(window: PreviewWindow(hidden: true), command: nil)
    /// Keys bound to actions (`--bind`, `[bind]`), looked up before the key map.
    package internal(set) var actionBindings: [Key: [BoundAction]] = [:]
    /// Where the changes are, when the source is a difference.
    package internal(set) var changes: (any ChangeNavigating)?
    /// What the placeholders know of the source: its file, and whether ids are paths.
    package internal(set) var placeholderSource = PlaceholderSource()
    /// The clock that tells a single move of the focus from keys held down (seconds, monotonic).
    package var clock: @Sendable () -> Double = { MonotonicClock.seconds() }

    /// Whether anything is loading, so the spinner should turn.
    package var isLoading: Bool {
        state.loads.root.isLoading || state.navigation.levels.indices.contains(where: state.isLoading(level:)) || !state.loads.countsPending.isEmpty
            || chrome.sourceIsReading
    }

    /// Tells the controller what the source is like: still reading its input (said in the footer), reading
    /// children ahead when the focus rests.
    package mutating func configureSource(isReading: Bool, readsAhead: Bool, refreshes: Bool = false) {
        chrome.sourceIsReading = isReading
        self.readsAhead = readsAhead
        if readsAhead { pending.timers.insert(.readAhead) }
        if refreshes { pending.timers.insert(.refresh) }
    }

    /// Starts reporting focus moves, expansions and accepted picks, in the ``InputEffects/events`` of each input.
    package mutating func reportEvents() {
        eventWatch = BrowserEventWatch()
    }

    /// Creates a controller drawing with `screen`; a selection mode other than `.none` makes it a picker.
    package init(screen: BrowserScreen, selectionMode: SelectionMode = .none, layout: Layout = .columns, showsHeader: Bool = false) {
        self.screen = screen
        state = BrowserState(selectionMode: selectionMode, layout: layout)
        chrome.showsHeader = showsHeader
        self.layout = screen.layout(for: state, header: showsHeader, width: 0, height: 0)
    }

    /// Whether the focused column is waiting for its items, so that keys typed ahead should wait too.
    package var isAwaitingFocusedColumn: Bool {
        state.navigation.levels.indices.contains(state.navigation.focusedLevel) && state.isLoading(level: state.navigation.focusedLevel)
            && state.items(in: state.navigation.focusedLevel).isEmpty
    }

    /// Whether the controller picks items rather than browses.
    package var isPicker: Bool { state.selection.mode != .none }

    /// Sets the terminal size and starts loading, opening `reveal` (ids from the top down) when given; a
    /// `query` is typed in the filter prompt and applied once the first column has loaded.
    package mutating func start(width: Int, height: Int, reveal: [String] = [], query: String? = nil) -> InputEffects {
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
        effects += applyPendingQuery() + fitViewport()
        followFocusWithPreview()
        return handOut(effects, exit: nil)
    }

    /// The effects of the input just applied, with `sourceRequests`, taken out of the controller.
    mutating func handOut(_ sourceRequests: [BrowserEffect], exit: Int32?) -> InputEffects {
        eventWatch?.note(state)
        var effects = pending
        pending = InputEffects()
        effects.sourceRequests = sourceRequests
        effects.events = eventWatch?.take() ?? []
        effects.exit = exit
        return effects
    }

    /// Filters the focused column with the query given at start, once that column has loaded.
    mutating func applyPendingQuery() -> [BrowserEffect] {
        guard pendingQuery != nil, state.navigation.levels.indices.contains(state.navigation.focusedLevel), state.pendingPathIsEmpty,
              !state.isLoading(level: state.navigation.focusedLevel), let prompt = chrome.prompt, prompt.kind == .filter else { return [] }
        pendingQuery = nil
        return promptChanged(prompt)
    }

    /// Applies a load result or a mutation, a completed place going into the prompt, without fitting the viewport.
    mutating func applyReceived(_ action: BrowserAction) -> [BrowserEffect] {
        let effects = state.apply(action)
        if case .selection(.setMode(let mode)) = action, let keyMaps {
            screen.keyMap = mode == .none ? keyMaps.browse : keyMaps.pick
        }
        if case .place(.completed) = action, let completion = state.place.completion, var prompt = chrome.prompt, prompt.kind == .place {
            prompt.text = completion.text
            prompt.cursor = completion.text.count
            chrome.prompt = prompt
        }
        return effects
    }

    /// Draws the current frame.
    package func render() -> CellGrid {
        screen.render(state, chrome: chrome, tick: tick, layout: layout, preview: preview)
    }

    /// Tells the model what fits, when that changed, and lays out the frame of the turn.
    mutating func fitViewport() -> [BrowserEffect] {
        layout = screen.layout(for: state, header: chrome.showsHeader, preview: shownPreviewWindow, previewFit: previewFit,
                               width: size.width, height: size.height)
        let metrics = layout.metrics
        guard metrics.columnSlots != state.navigation.visibleColumns || metrics.itemsPerPage != state.navigation.itemsPerPage else { return [] }
        // The viewport moves the row of columns; the frame is laid out again over the state it leaves.
        let effects = state.apply(.setViewport(columns: metrics.columnSlots, itemsPerPage: metrics.itemsPerPage))
        layout = screen.layout(for: state, header: chrome.showsHeader, preview: shownPreviewWindow, previewFit: previewFit,
                               width: size.width, height: size.height)
        return effects
    }
}
