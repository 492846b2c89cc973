import ArborCore

/// What has the keys; modes stack up, the topmost taking them.
package enum BrowserMode: Sendable, Hashable {
    /// Moving through the hierarchy.
    case browse
    /// Typing a filter (`/`) or a place (`:`).
    case prompt
    /// Typing a find over every item (`F`), its matches listed.
    case find
    /// Reading the list of keys (`?`).
    case help
}

extension BrowserController {
    /// The modes open, the one that takes the keys last.
    package var modes: [BrowserMode] {
        var modes: [BrowserMode] = [.browse]
        if chrome.showsHelp { modes.append(.help) }
        if let prompt = chrome.prompt { modes.append(prompt.kind == .find ? .find : .prompt) }
        return modes
    }

    /// Gives a key to the topmost mode.
    mutating func dispatch(_ key: Key) -> KeyOutcome {
        if case .mouse(let event) = key { return handleMouse(event) }
        switch modes.last ?? .browse {
        case .prompt, .find: return handlePrompt(key)
        case .help: return handleHelp(key)
        case .browse: return handleBrowse(key)
        }
    }

    /// A key while the help is open: it scrolls, and closes with ? or q.
    private mutating func handleHelp(_ key: Key) -> KeyOutcome {
        guard let command = screen.keyMap.command(for: key) else { return .proceed([]) }
        switch command {
        case .cancel: return .exit(130)
        case .help, .quit: chrome.showsHelp = false
        case .nextItem, .pageDown:
            let room = layout.helpRoom
            let last = max(0, screen.keyMap.bindings.count - max(1, room))
            chrome.helpScroll = min(chrome.helpScroll + (command == .nextItem ? 1 : 10), last)
        case .previousItem, .pageUp: chrome.helpScroll = max(0, chrome.helpScroll - (command == .previousItem ? 1 : 10))
        default: break
        }
        return .proceed([])
    }

    /// A key while browsing: its bound actions, or the key map's command.
    private mutating func handleBrowse(_ key: Key) -> KeyOutcome {
        if isPicker, expectedKeys.contains(key) { return accept(with: key) }
        if let actions = actionBindings[key] { return runBound(actions) }
        guard let command = screen.keyMap.command(for: key) else { return .proceed([]) }
        return handleCommand(command, key: key)
    }

    /// A command of the key map, from a key (nil: from a bound action).
    mutating func handleCommand(_ command: BrowserCommand, key: Key?) -> KeyOutcome {
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
            if !isPicker, let item = state.focusedItem, state.store[item].childCount == 0, state.store[item].content?.link == nil {
                // A leaf has nothing to expand: Enter shows it in the preview pane (an alias goes to its anchor).
                if !preview.isShown { togglePreview() }
                return .proceed([])
            }
            action = .expand
        case .toggleMark:
            guard isPicker else { return .proceed([]) }
            action = .selection(.toggleFocused)
        case .toggleHidden: action = .toggleHidden
        case .nextLevel: action = .nextLevel
        case .previousLevel: action = .previousLevel
        case .reload:
            guard let item = state.focusedItem else { return .proceed([]) }
            action = .invalidateChildren(of: state.store[item].id)
        case .toggleLayout: action = .toggleLayout
        case .toggleHeader:
            chrome.showsHeader.toggle()
            chrome.headerPage = 0
            return .proceed([])
        case .headerPage:
            if layout.metrics.headerRows > 0, layout.metrics.isCompact {
                chrome.headerPage += 1
                return .proceed([])
            }
            guard isPicker else { return .proceed([]) }
            action = .selection(.toggleFocused)
        case .query: return .proceed(openQuery())
        case .filter, .find, .jump:
            return .proceed(openPrompt(command == .filter ? .filter : command == .find ? .find : .place))
        case .nextMatch, .previousMatch:
            guard let search = chrome.search else { return .proceed([]) }
            action = .stepToMatch(search.query, forward: command == .nextMatch)
        case .nextChange, .previousChange:
            let focused = state.focusedItem.map { state.store[$0].id }
            guard let path = changes?.revealPath(toChangeFrom: focused, forward: command == .nextChange) else {
                chrome.note = changes == nil ? "no changes here: ] and [ go through the changes of arbor diff" : "no changes"
                return .proceed([])
            }
            action = .open(path: path)
        case .copyID, .copyPath:
            copyFocused(path: command == .copyPath)
            return .proceed([])
        case .togglePreview: togglePreview(); return .proceed([])
        case .previewUp, .previewDown: scrollPreview(by: command == .previewUp ? -1 : 1); return .proceed([])
        case .previewPageUp, .previewPageDown: scrollPreview(by: command == .previewPageUp ? -1 : 1, pages: true); return .proceed([])
        case .toggleValue: toggleValue(); return .proceed([])
        case .edit: edit(); return .proceed([])
        case .copyValue: copyValue(); return .proceed([])
        case .accept:
            if isPicker { return acceptFocused() }
            return .exit(0)
        case .abort: return .exit(130)
        case .help:
            chrome.showsHelp = true
            chrome.helpScroll = 0
            return .proceed([])
        case .quit:
            if key == .escape, hasFilter { action = .clearFilter; break }
            if key == .escape, query.shown != nil { return .proceed(closeQuery()) }
            if key == .escape, !isPicker {
                // Esc closes what is open; with nothing open it does not end the session (q does).
                chrome.note = "nothing to close · q quits"
                return .proceed([])
            }
            return .exit(isPicker ? 130 : 0)
        case .cancel: return .exit(130)
        }
        return .proceed(state.apply(action))
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
}

extension BrowserController {
    /// A key of `expectedKeys`: accept the marks, or the focused item whether it has children or not.
    private mutating func accept(with key: Key) -> KeyOutcome {
        acceptingKey = key
        return acceptFocused()
    }

    /// Accepts the marks, or the focused item whether it has children or not.
    mutating func acceptFocused() -> KeyOutcome {
        if state.selection.count > 0 {
            accepted = state.selection.ids
        } else if let item = state.focusedItem {
            accepted = [state.store[item].id]
        } else {
            accepted = []
            return .exit(1)
        }
        return .exit(0)
    }
}

extension BrowserController {
    /// Puts the focused item's id, or its path of titles, on the clipboard, and says so in the footer.
    private mutating func copyFocused(path: Bool) {
        guard let item = state.focusedItem else { return }
        let text = path ? TitlePath.text(state.pathToFocus.map { state.store[$0].title }) : state.store[item].id
        pending.clipboard = LosslessText.encode(text)
        chrome.note = "copied " + (path ? "path" : "id") + " “" + text + "”"
    }
}

extension KeyOutcome {
    /// The outcome with more effects to start, when it goes on.
    func adding(_ effects: [BrowserEffect]) -> KeyOutcome {
        guard case .proceed(let own) = self else { return self }
        return .proceed(own + effects)
    }
}
