import ArborCore
import ArborPath

extension BrowserController {
    /// Whether the focused column is narrowed by a filter.
    var hasFilter: Bool {
        state.navigation.levels.indices.contains(state.navigation.focusedLevel) && state.navigation.levels[state.navigation.focusedLevel].filter != nil
    }

    /// Opens a prompt; a find lists its matches as it is typed.
    mutating func openPrompt(_ kind: Prompt.Kind, text: String = "") -> [BrowserEffect] {
        var prompt = Prompt(kind: kind)
        prompt.text = text
        prompt.cursor = text.count
        chrome.prompt = prompt
        guard !text.isEmpty else { return kind == .find ? state.apply(.find(.query(""))) : [] }
        return promptChanged(prompt)
    }

    /// A key while a filter or find is being typed.
    mutating func handlePrompt(_ key: Key) -> KeyOutcome {
        guard var prompt = chrome.prompt else { return .proceed([]) }
        if key == .backspace, prompt.text.isEmpty { return .proceed(closePrompt(clearing: true)) }
        let before = prompt.text
        if prompt.edit(key) {
            // The query prompt opens holding `$`: a query typed or pasted whole starts again from its own `$`.
            if prompt.kind == .query, before == "$", prompt.text == "$$" {
                prompt.text = "$"
                prompt.cursor = 1
            }
            if prompt.text != before { prompt.recalled = nil }
            chrome.prompt = prompt
            if prompt.text == before { return .proceed([]) }
            return .proceed(promptChanged(prompt))
        }
        let finding = prompt.kind == .find
        switch key {
        case .escape:
            if finding, state.finding.open?.progress?.isWalking == true, state.finding.open?.isStopped == false {
                return .proceed(state.apply(.find(.stop)))
            }
            return .proceed(closePrompt(clearing: true))
        case .control("c"):
            return .exit(130)
        case .enter:
            return .proceed(acceptPrompt(prompt))
        case .control("l") where finding:
            return .proceed(state.apply(.find(.searchFurther)))
        case .tab where prompt.kind == .place:
            return .proceed(state.apply(.place(.complete(prompt.text))))
        case .up where prompt.text.isEmpty || prompt.recalled != nil, .down where prompt.recalled != nil:
            return .proceed(recall(key == .up ? -1 : 1, in: prompt))
        case .up, .down, .pageUp, .pageDown, .control("p"), .control("n"):
            let step = finding ? layout.findRows : state.navigation.itemsPerPage
            let delta = [.up, .control("p")].contains(key) ? -1 : [.down, .control("n")].contains(key) ? 1 : key == .pageUp ? -step : step
            if finding { return .proceed(state.apply(.find(.moveFocus(by: delta)))) }
            return .proceed(state.apply(.moveFocus(by: delta)))
        default:
            return .proceed([])
        }
    }

    /// Shows an earlier (or later) query of the session in the prompt.
    private mutating func recall(_ step: Int, in prompt: Prompt) -> [BrowserEffect] {
        let history = chrome.queryHistory
        let current = prompt.recalled ?? history.count
        let target = max(0, min(history.count, current + step))
        guard target != current else { return [] }
        var recalled = prompt
        recalled.text = target < history.count ? history[target] : ""
        recalled.cursor = recalled.text.count
        recalled.recalled = target < history.count ? target : nil
        chrome.prompt = recalled
        return promptChanged(recalled)
    }

    /// The text of a prompt changed: a filter narrows the column (searches the outline) again; a find searches.
    mutating func promptChanged(_ prompt: Prompt) -> [BrowserEffect] {
        if prompt.kind == .find { return state.apply(.find(.query(prompt.text))) }
        if prompt.kind == .place { return [] }
        if prompt.kind == .query { return queryChanged(prompt.text) }
        chrome.search = TextMatcher(prompt.text)
        return state.apply(.filter(prompt.text))
    }

    private mutating func acceptPrompt(_ prompt: Prompt) -> [BrowserEffect] {
        remember(prompt.text)
        guard !prompt.text.isEmpty else { return closePrompt(clearing: true) }
        if prompt.kind == .find, state.finding.open?.hits.isEmpty ?? true { return [] }
        // An invalid expression keeps its prompt open, the error where it is said.
        if prompt.kind == .query, prompt.text != "$", (try? JSONPath(prompt.text)) == nil { return queryChanged(prompt.text) }
        chrome.prompt = nil
        if prompt.kind == .place { return state.apply(.place(.open(prompt.text))) }
        if prompt.kind == .query { return [] }
        chrome.search = TextMatcher(prompt.text)
        if prompt.kind == .find { return state.apply(.find(.openHit)) }
        return []
    }

    /// Adds a query to the session's history (once, as the latest).
    private mutating func remember(_ query: String) {
        guard !query.isEmpty else { return }
        chrome.queryHistory.removeAll { $0 == query }
        chrome.queryHistory.append(query)
    }

    private mutating func closePrompt(clearing: Bool) -> [BrowserEffect] {
        let kind = chrome.prompt?.kind
        if let text = chrome.prompt?.text { remember(text) }
        chrome.prompt = nil
        if kind == .find { return state.apply(.find(.close)) }
        if kind == .query { return clearing ? closeQuery() : [] }
        guard clearing, kind == .filter else { return [] }
        chrome.search = nil
        return state.apply(.clearFilter)
    }
}
