import ArborCore

extension BrowserController {
    /// Runs a bound key's actions in order; the first that ends the browser ends them.
    mutating func runBound(_ actions: [BoundAction]) -> KeyOutcome {
        var effects: [BrowserEffect] = []
        for action in actions {
            switch action {
            case .command(let command):
                switch handleCommand(command, key: nil) {
                case .exit(let status): return .exit(status)
                case .proceed(let more): effects += more
                }
            case .execute(let line): pending.commands.append(CommandRequest(kind: .execute, template: line, values: placeholderValues()))
            case .executeSilent(let line): pending.commands.append(CommandRequest(kind: .silent, template: line, values: placeholderValues()))
            case .become(let line): pending.commands.append(CommandRequest(kind: .become, template: line, values: placeholderValues()))
            case .reload(let line):
                if !line.isEmpty { pending.commands.append(CommandRequest(kind: .silent, template: line, values: placeholderValues())) }
                effects += state.apply(.refreshShown)
                preview.target = nil
            case .preview(let line):
                preview.command = line
                preview.showsValue = false
                preview.isShown = true
                preview.target = nil
            case .changePreviewWindow(let spec): changePreviewWindow(spec)
            case .custom(let name):
                eventWatch?.act(name, id: state.focusedItem.map { state.store[$0].id }, marked: state.selection.ids)
            }
        }
        return .proceed(effects)
    }

    /// What the placeholders stand for now; `{path}`, `{file}` and `{line}` are completed by the run loop when
    /// a command uses them (the source is asked where the item is).
    func placeholderValues() -> PlaceholderValues {
        var values = PlaceholderValues()
        values.query = chrome.prompt?.text ?? chrome.search?.query ?? ""
        values.marked = state.selection.ids
        values.file = placeholderSource.file ?? ""
        guard let item = state.focusedItem else { return values }
        let path = state.pathToFocus
        values.id = state.store[item].id
        values.title = state.store[item].title
        values.depth = max(0, path.count - 1)
        values.parent = path.count >= 2 ? state.store[path[path.count - 2]].id : ""
        values.path = placeholderSource.idsArePaths ? values.id : TitlePath.text(path.map { state.store[$0].title })
        return values
    }

    /// `e`: the focused item in `$VISUAL` or `$EDITOR` (vi without either), at its line in its file.
    mutating func edit() {
        guard state.focusedItem != nil else { return }
        let values = placeholderValues()
        guard placeholderSource.file != nil || placeholderSource.idsArePaths else {
            chrome.note = "nothing to edit: the source is not a file"
            return
        }
        pending.commands.append(CommandRequest(kind: .execute, template: Self.editorCommand, values: values))
    }

    /// The command `e` runs.
    static let editorCommand = "${VISUAL:-${EDITOR:-vi}} +{line} {file}"
}
