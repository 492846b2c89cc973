extension BrowserState {
    /// Routes a place action to the place sub-state and carries out what it asks.
    mutating func applyPlace(_ action: PlaceAction) -> [BrowserEffect] {
        if case .open = action { message = nil }
        switch place.apply(action, generation: { loads.makeGeneration() }) {
        case .ask(let effect): return [effect]
        case .open(let result): return openFound(result)
        case .say(let text):
            message = text
            return []
        case .ignore: return []
        }
    }
}
