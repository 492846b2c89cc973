import ArborCore

extension BrowserController {
    /// How many items a turn of the wheel moves.
    static let wheelStep = 3

    /// A click or wheel turn: focus what is under it, expand on the icon, scroll, or change level.
    mutating func handleMouse(_ event: MouseEvent) -> KeyOutcome {
        guard chrome.prompt == nil, !chrome.showsHelp else { return .proceed([]) }
        if let box = layout.previewBox, event.x >= box.x, event.x < box.x + box.width, event.y >= box.y, event.y < box.y + box.height {
            if event.kind != .press { scrollPreview(by: event.kind == .wheelUp ? -Self.wheelStep : Self.wheelStep) }
            return .proceed([])
        }
        let target = screen.target(at: event.x, y: event.y, state: state, layout: layout)
        var effects: [BrowserEffect] = []
        switch (event.kind, target) {
        case (.press, .item(let column, let index, let onIcon)):
            effects = state.apply(.focus(level: column, index: index))
            if onIcon { effects += state.apply(.expand) }
        case (.press, .column(let column)):
            effects = state.apply(.focus(level: column, index: nil))
        case (.press, .levelBefore):
            effects = state.apply(.previousLevel)
        case (.press, .levelAfter):
            effects = state.apply(.nextLevel)
        case (.wheelUp, _), (.wheelDown, _):
            let step = event.kind == .wheelUp ? -Self.wheelStep : Self.wheelStep
            switch target {
            case .item(let column, _, _), .column(let column):
                effects = state.apply(.focus(level: column, index: nil))
            default: break
            }
            effects += state.apply(.moveFocus(by: step))
        default:
            return .proceed([])
        }
        return .proceed(effects)
    }
}
