import ArborCore

/// Everything that reaches the browser in a turn of the run loop, one value per event.
package enum BrowserInput: Sendable {
    /// A key press (or a mouse event) read from the terminal.
    case key(Key)
    /// The terminal has this size now.
    case resized(width: Int, height: Int)
    /// A source's answer to an effect, or a mutation asked for by the program presenting the browser.
    case action(BrowserAction)
    /// A change the source found by itself.
    case sourceChange(SourceChange)
    /// A timer the controller asked for has run out.
    case timer(LoopTimer)
    /// A preview made, or a part of a command's output.
    case preview(PreviewAnswer)
    /// The matches of a query, or those found so far.
    case queryAnswer(QueryUpdate)
}

extension BrowserInput {
    /// Whether the input changes what the screen shows or what is known (a key, a size, an answer, a change),
    /// rather than a timer's tick or a preview's output.
    var stirs: Bool {
        switch self {
        case .key, .resized, .action, .sourceChange: true
        case .timer, .preview, .queryAnswer: false
        }
    }
}

/// The timers of the run loop; each is asked for by the controller and arrives as an input when due.
package enum LoopTimer: Sendable, Hashable, CaseIterable {
    /// Turns the loading spinner while something loads.
    case spinner
    /// Fires once the focus has rested long enough to read the focused item's children ahead.
    case readAhead
    /// Ends the wait of keys typed ahead of a column still loading: they apply to what is there.
    case typedAhead
    /// Reads the lists on screen again (`--watch`), for sources that cannot report their changes.
    case refresh
    /// Fires once the focus has rested long enough to run the preview command for it.
    case previewRest
    /// Fires once the screen has rested a quarter of a second with the source read: the find's walk begins ahead of a find.
    case findAhead
    /// Fires once the terminal has had a moment to read a frame: the source is told what that frame shows.
    case watchShown

    /// Seconds from the request to the input.
    package var interval: Double {
        switch self {
        case .spinner: return BrowserRunLoop.spinnerInterval
        case .readAhead: return BrowserRunLoop.prefetchDelay
        case .typedAhead: return BrowserRunLoop.typeAheadWait
        case .refresh: return 1
        case .previewRest: return BrowserRunLoop.previewRest
        case .findAhead: return BrowserRunLoop.findAheadRest
        case .watchShown: return BrowserRunLoop.watchRest
        }
    }
}

/// What happened in the browser that the program presenting it may want to know.
package enum BrowserEvent: Sendable, Hashable {
    /// The focus moved to the item of this id (nil: to nothing, an empty column).
    case focusMoved(String?)
    /// The item of this id was expanded: its children are shown.
    case expanded(String)
    /// The item of this id was collapsed: its children are no longer shown.
    case collapsed(String)
    /// The item of this id was marked (true) or unmarked (false).
    case markChanged(String, marked: Bool)
    /// The focus entered this level (0 for the first), which lists the children of `parentID` (nil: the top).
    case levelEntered(Int, parentID: String?)
    /// The picker accepted these ids.
    case accepted([String])
    /// The key of a program's own action was pressed, on this item with these marked.
    case action(name: String, id: String?, marked: [String])
}
