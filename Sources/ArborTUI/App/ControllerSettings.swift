import ArborCore

/// How a program presenting the browser sets the controller up, in one value given before the start.
package struct ControllerSettings: Sendable {
    /// What finds search.
    package var searchFields: SearchFields = .title
    /// How far finds walk (nil: the source's own bound).
    package var searchBound: SearchBound?
    /// Keys that accept in the picker as Enter does, whatever they are bound to (fzf's `--expect`).
    package var expectedKeys: [Key] = []
    /// The preview pane's place and options.
    package var previewWindow = PreviewWindow(hidden: true)
    /// The command whose output the pane shows (nil: the source's own preview).
    package var previewCommand: String?
    /// Keys bound to actions (`--bind`, `[bind]`, a program's own actions), looked up before the key map.
    package var actionBindings: [Key: [BoundAction]] = [:]
    /// What the placeholders know of the source: its file, and whether ids are paths.
    package var placeholderSource = PlaceholderSource()
    /// Where the changes are, when the source is a difference.
    package var changes: (any ChangeNavigating)?
    /// Whether accepting in the picker ends the browser; when not, the accepted ids are reported and it goes on.
    package var acceptEnds = true
    /// Whether the root's parent is asked for at the start and shown before it.
    package var showsRootParent = false
    /// The keys of browsing and of picking, switched between as the selection's mode changes; nil keeps the
    /// screen's.
    package var keyMaps: (browse: KeyMap, pick: KeyMap)?

    /// The defaults: the built-in preview hidden, no bindings, finds searching titles within the source's bound.
    package init() {}
}

extension BrowserController {
    /// Sets the controller up as `settings` say; called once, before the start.
    package mutating func configure(_ settings: ControllerSettings) {
        state.finding.fields = settings.searchFields
        state.finding.bound = settings.searchBound
        expectedKeys = settings.expectedKeys
        preview = PreviewPane(window: settings.previewWindow, command: settings.previewCommand)
        actionBindings = settings.actionBindings
        placeholderSource = settings.placeholderSource
        changes = settings.changes
        acceptEnds = settings.acceptEnds
        state.asksRootParentAtStart = settings.showsRootParent
        keyMaps = settings.keyMaps
    }
}
