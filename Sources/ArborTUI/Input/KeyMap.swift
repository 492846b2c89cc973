/// Keys bound to one command.
package struct KeyBinding: Sendable, Hashable {
    /// The keys, first the one shown first.
    package var keys: [Key]
    /// What they do.
    package var command: BrowserCommand

    /// Creates a binding.
    package init(_ keys: [Key], _ command: BrowserCommand) {
        self.keys = keys
        self.command = command
    }
}

/// The key bindings as data: the run loop looks keys up here and the help overlay lists them.
package struct KeyMap: Sendable {
    /// The bindings in the order the help shows them.
    package let bindings: [KeyBinding]
    private let commandByKey: [Key: BrowserCommand]

    /// Creates a map; a key bound twice keeps its first binding.
    package init(bindings: [KeyBinding]) {
        self.bindings = bindings
        var table: [Key: BrowserCommand] = [:]
        for binding in bindings {
            for key in binding.keys where table[key] == nil { table[key] = binding.command }
        }
        commandByKey = table
    }

    /// The command bound to a key, if any.
    package func command(for key: Key) -> BrowserCommand? { commandByKey[key] }

    /// The map with keys rebound: each key leaves the command it had and joins `command` (nil: unbound).
    package func remapped(_ changes: [(key: Key, command: BrowserCommand?)]) -> KeyMap {
        var result = bindings
        for change in changes {
            for index in result.indices { result[index].keys.removeAll { $0 == change.key } }
            guard let command = change.command else { continue }
            if let index = result.firstIndex(where: { $0.command == command }) {
                result[index].keys.append(change.key)
            } else {
                result.append(KeyBinding([change.key], command))
            }
        }
        return KeyMap(bindings: result.filter { !$0.keys.isEmpty })
    }

    /// The bindings as a Markdown table: keys, command name, what it does.
    package var markdownTable: String {
        var lines = ["| keys | command | what it does |", "|---|---|---|"]
        for binding in bindings {
            let keys = binding.keys.map { "`\($0.configName)`" }.joined(separator: " ")
            lines.append("| \(keys) | `\(binding.command.rawValue)` | \(binding.command.summary) |")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The bindings of the browse mode.
    package static let standard = KeyMap(bindings: commonBindings)

    /// The bindings of the picker: the browse mode's and Space to mark (Tab marks too, unless it pages the header).
    package static let picker = KeyMap(bindings: commonBindings + [KeyBinding([.character(" ")], .toggleMark)])

    private static let commonBindings: [KeyBinding] = [
        KeyBinding([.up, .character("k")], .previousItem),
        KeyBinding([.down, .character("j")], .nextItem),
        KeyBinding([.pageUp, .control("b")], .pageUp),
        KeyBinding([.pageDown, .control("f")], .pageDown),
        KeyBinding([.home, .character("g")], .firstItem),
        KeyBinding([.end, .character("G")], .lastItem),
        KeyBinding([.enter], .expand),
        KeyBinding([.right, .character("l")], .nextLevel),
        KeyBinding([.left, .character("h")], .previousLevel),
        KeyBinding([.character("r")], .reload),
        KeyBinding([.character(".")], .toggleHidden),
        KeyBinding([.character("/")], .filter),
        KeyBinding([.character("n")], .nextMatch),
        KeyBinding([.character("N")], .previousMatch),
        KeyBinding([.character("F")], .find),
        KeyBinding([.character("]")], .nextChange),
        KeyBinding([.character("[")], .previousChange),
        KeyBinding([.character("y")], .copyID),
        KeyBinding([.character("Y")], .copyPath),
        KeyBinding([.character(":")], .jump),
        KeyBinding([.character("$")], .query),
        KeyBinding([.character("o")], .toggleLayout),
        KeyBinding([.character("i")], .toggleHeader),
        KeyBinding([.tab], .headerPage),
        KeyBinding([.character("p")], .togglePreview),
        KeyBinding([.shiftUp, .character("K")], .previewUp),
        KeyBinding([.shiftDown, .character("J")], .previewDown),
        KeyBinding([.shiftPageUp], .previewPageUp),
        KeyBinding([.shiftPageDown], .previewPageDown),
        KeyBinding([.character("v")], .toggleValue),
        KeyBinding([.character("e")], .edit),
        KeyBinding([.character("c")], .copyValue),
        KeyBinding([.character("?")], .help),
        KeyBinding([.character("q"), .escape], .quit),
        KeyBinding([.control("c")], .cancel),
    ]
}
