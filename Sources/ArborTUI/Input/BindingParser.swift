/// Reads fzf's `--bind` spelling: `KEY:ACTION[+ACTION…]`, bindings separated by commas. An action taking a
/// command line is written `execute(…)`, `execute[…]` or `execute{…}` (the bracket closes where it is followed
/// by the end, `+` or `,`), or `execute:…` to the end of the text.
public enum BindingParser {
    /// The names of actions that take an argument.
    static let argumentActions = ["execute-silent", "execute", "reload", "become", "preview", "change-preview-window"]

    /// The bindings in `text`; an error names the part not understood.
    public static func parse(_ text: String) throws(BindingError) -> [ActionBinding] {
        var bindings: [ActionBinding] = []
        var rest = Substring(text)
        while !rest.isEmpty {
            guard let colon = rest.firstIndex(of: ":"), colon != rest.startIndex || rest.dropFirst().first == ":" else {
                throw BindingError("'\(rest)' does not say KEY:ACTION")
            }
            // A key named ':' is written '::'.
            let keyEnd = colon == rest.startIndex ? rest.index(after: colon) : colon
            let keyName = String(rest[..<keyEnd])
            guard let key = Key(name: keyName) else { throw BindingError("'\(keyName)' is not a key name (ctrl-o, enter, j, shift-down...)") }
            rest = rest[rest.index(after: keyEnd)...]
            var actions: [BoundAction] = []
            while true {
                let (action, after) = try parseAction(rest)
                actions.append(action)
                rest = after
                guard let next = rest.first, next == "+" else { break }
                rest = rest.dropFirst()
            }
            bindings.append(ActionBinding(key: key, actions: actions))
            if rest.first == "," { rest = rest.dropFirst() }
        }
        return bindings
    }

    /// One action at the start of `text`, and what follows it.
    static func parseAction(_ text: Substring) throws(BindingError) -> (BoundAction, Substring) {
        for name in argumentActions where text.hasPrefix(name) {
            let after = text.dropFirst(name.count)
            guard let opener = after.first else { continue }
            if opener == ":" { return (try make(name, String(after.dropFirst())), after[after.endIndex..<after.endIndex]) }
            guard let closer = ([("(", ")"), ("[", "]"), ("{", "}"), ("<", ">")] as [(Character, Character)]).first(where: { $0.0 == opener })?.1 else { continue }
            let body = after.dropFirst()
            var index = body.startIndex
            var found: Substring.Index?
            while index < body.endIndex {
                if body[index] == closer {
                    let next = body.index(after: index)
                    if next == body.endIndex || body[next] == "+" || body[next] == "," {
                        found = index
                        break
                    }
                }
                index = body.index(after: index)
            }
            guard let close = found else { throw BindingError("\(name)\(opener)… is not closed with \(closer)") }
            return (try make(name, String(body[..<close])), body[body.index(after: close)...])
        }
        let end = text.firstIndex { $0 == "+" || $0 == "," } ?? text.endIndex
        let name = String(text[..<end])
        guard let command = BrowserCommand(rawValue: name) else {
            throw BindingError("unknown action '\(name)' (execute, execute-silent, reload, become, preview, change-preview-window, or a command of 'arbor keys')")
        }
        return (.command(command), text[end...])
    }

    private static func make(_ name: String, _ argument: String) throws(BindingError) -> BoundAction {
        switch name {
        case "execute": return .execute(argument)
        case "execute-silent": return .executeSilent(argument)
        case "reload": return .reload(argument)
        case "become": return .become(argument)
        case "preview": return .preview(argument)
        default:
            do {
                _ = try PreviewWindow(parsing: argument)
            } catch {
                throw BindingError("change-preview-window: \(error.description)")
            }
            return .changePreviewWindow(argument)
        }
    }
}

/// A `--bind` text Arbor does not understand.
public struct BindingError: Error, Sendable, CustomStringConvertible {
    /// What is wrong.
    public var description: String

    init(_ description: String) {
        self.description = description
    }
}
