import ArborCore

extension BrowserController {
    /// Applies one input of the run loop: a key (held while the focused column waits for its items), a resize,
    /// an answer, a source's change or a timer. The viewport is fitted once, after it. Returns everything the input
    /// asks of the world: source requests, previews, commands, queries, timers, the clipboard, events, an exit.
    package mutating func update(_ input: BrowserInput) -> InputEffects {
        var effects: [BrowserEffect] = []
        let focusBefore = state.focusedItem
        switch input {
        case .key(let key): typedAhead.hold(key)
        case .resized(let width, let height): size = (width, height)
        case .action(let action): effects = applyReceived(action)
        case .sourceChange(let change):
            if case .completed = change { chrome.sourceIsReading = false }
            for action in change.actions { effects += applyReceived(action) }
        case .timer(.spinner): tick += 1
        case .timer(.readAhead): effects = state.apply(.prefetchFocused)
        case .timer(.typedAhead): typedAhead.expire()
        case .timer(.refresh):
            effects = state.apply(.refreshShown)
            pending.timers.insert(.refresh)
        case .timer(.previewRest): previewRested()
        case .timer(.findAhead): effects = walkAheadWhenRested()
        case .timer(.watchShown): break  // the run loop's own: it tells the source, not the browser
        case .preview(let answer): receivePreview(answer)
        case .queryAnswer(let update): effects = receiveQuery(update)
        }
        let outcome = releaseHeldKeys().adding(effects).adding(applyPendingQuery() + fitViewport())
        followFocusWithPreview()
        if readsAhead, let focused = state.focusedItem, focused != focusBefore { pending.timers.insert(.readAhead) }
        if !walkedAhead, input.stirs { pending.timers.insert(.findAhead) }
        switch outcome {
        case .exit(let status): return handOut([], exit: status)
        case .proceed(let effects): return handOut(effects, exit: nil)
        }
    }

    /// Once the screen has rested with the source read and no find open, begins the walk of a find ahead of it
    /// (the source's performer decides whether the source is one to walk); once a session.
    private mutating func walkAheadWhenRested() -> [BrowserEffect] {
        guard !walkedAhead else { return [] }
        guard state.finding.open == nil else {
            walkedAhead = true
            return []
        }
        if isLoading {
            pending.timers.insert(.findAhead)
            return []
        }
        walkedAhead = true
        return state.apply(.find(.walkAhead))
    }

    /// Applies the keys held, in order, until one must wait for the focused column to load.
    private mutating func releaseHeldKeys() -> KeyOutcome {
        var effects: [BrowserEffect] = []
        while true {
            let next = typedAhead.next(awaiting: isAwaitingFocusedColumn)
            if next.startsWait { pending.timers.insert(.typedAhead) }
            guard let key = next.key else { break }
            chrome.note = nil
            if readsAhead { pending.timers.insert(.readAhead) }
            switch dispatch(key) {
            case .exit(let status):
                if let accepted { eventWatch?.accept(accepted) }
                if !acceptEnds, status == 0, let picked = accepted {
                    // The program acts on what was accepted; the browser goes on.
                    accepted = nil
                    acceptingKey = nil
                    chrome.note = picked.count == 1 ? "accepted 1 item" : "accepted \(picked.count) items"
                    continue
                }
                return .exit(status)
            case .proceed(let more): effects += more
            }
        }
        return .proceed(effects)
    }
}
