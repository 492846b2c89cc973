import ArborCore

extension BrowserController {
    /// Whether the focused column is narrowed by a filter.
    var hasFilter: Bool {
        state.layout == .columns && state.columns.indices.contains(state.focusedColumn)
            && state.columns[state.focusedColumn].filter != nil
    }

    /// A key while a filter or find is being typed.
    mutating func handlePrompt(_ key: Key) -> KeyOutcome {
        guard var prompt = chrome.prompt else { return .proceed([]) }
        if key == .backspace, prompt.text.isEmpty { return closePrompt(clearing: true) }
        let before = prompt.text
        if prompt.edit(key) {
            chrome.prompt = prompt
            if prompt.text == before { return .proceed([]) }
            return promptChanged(prompt)
        }
        switch key {
        case .escape:
            return closePrompt(clearing: true)
        case .control("c"):
            return .exit(130)
        case .enter:
            return acceptPrompt(prompt)
        case .up, .down, .pageUp, .pageDown:
            let delta = key == .up ? -1 : key == .down ? 1 : key == .pageUp ? -state.itemsPerPage : state.itemsPerPage
            return .proceed(state.apply(.moveFocus(by: delta)))
        default:
            return .proceed([])
        }
    }

    /// The text of a prompt changed: a filter narrows the column (searches the outline) again.
    private mutating func promptChanged(_ prompt: Prompt) -> KeyOutcome {
        guard prompt.kind == .filter else { return .proceed([]) }
        chrome.search = TextMatcher(prompt.text)
        if state.layout == .outline {
            return .proceed(state.apply(.findNext(prompt.text, forward: true, includingFocus: true)))
        }
        return .proceed(state.apply(.filter(prompt.text)) + fitViewport())
    }

    private mutating func acceptPrompt(_ prompt: Prompt) -> KeyOutcome {
        chrome.prompt = nil
        guard !prompt.text.isEmpty else { return closePrompt(clearing: true) }
        chrome.search = TextMatcher(prompt.text)
        if prompt.kind == .find {
            chrome.findResults = FindResults(query: prompt.text, items: state.find(prompt.text, limit: FindResults.limit))
        }
        return .proceed([])
    }

    private mutating func closePrompt(clearing: Bool) -> KeyOutcome {
        let kind = chrome.prompt?.kind
        chrome.prompt = nil
        guard clearing, kind == .filter else { return .proceed([]) }
        chrome.search = nil
        return .proceed(state.apply(.clearFilter) + fitViewport())
    }

    /// A key while the results of a find are listed.
    mutating func handleFindResults(_ key: Key) -> KeyOutcome {
        guard var results = chrome.findResults else { return .proceed([]) }
        switch key {
        case .up, .character("k"): results.focus = max(0, results.focus - 1)
        case .down, .character("j"): results.focus = min(max(0, results.items.count - 1), results.focus + 1)
        case .pageUp: results.focus = max(0, results.focus - 10)
        case .pageDown: results.focus = min(max(0, results.items.count - 1), results.focus + 10)
        case .control("c"): return .exit(130)
        case .escape, .character("q"):
            chrome.findResults = nil
            return .proceed([])
        case .enter:
            chrome.findResults = nil
            guard results.items.indices.contains(results.focus) else { return .proceed([]) }
            return .proceed(state.apply(.revealItem(results.items[results.focus])) + fitViewport())
        default: break
        }
        chrome.findResults = results
        return .proceed([])
    }
}
