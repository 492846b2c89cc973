import ArborSources
import ArborTUI

/// Theme files: TOML with a `base` theme and one table per role (`[title]`, `[selected-icon]`, `[highlight]`).
package enum ThemeFile {
    /// A built-in theme by name, or the theme in a file at that path.
    package static func load(_ nameOrPath: String) throws(ConfigError) -> Theme {
        if let theme = Theme.builtIn[nameOrPath] { return theme }
        guard let bytes = try? SourceFile.read(nameOrPath), let text = String(validating: bytes, as: UTF8.self) else {
            throw ConfigError(file: nameOrPath, "no such theme: not a built-in (default, light, mono) nor a readable file")
        }
        return try parse(text, file: nameOrPath)
    }

    /// Parses a theme file's text.
    package static func parse(_ text: String, file: String) throws(ConfigError) -> Theme {
        let document = try TOMLDocument(text: text, file: file)
        var theme = Theme.standard
        if let base = document.table["base"] {
            guard let name = base.string, let builtIn = Theme.builtIn[name] else {
                throw document.error("base must be one of default, light, mono", key: "base")
            }
            theme = builtIn
        }
        theme.name = file
        for key in document.table.keys where key != "base" {
            guard let table = document.table[key]?.table else {
                throw document.error("'\(key)' must be a table such as [\(key)] with foreground, background, bold...", key: key)
            }
            if key == "highlight" {
                theme.highlight = try look(table, starting: theme.highlight, section: key, in: document)
                continue
            }
            guard let role = StyleRole(name: key) else {
                let roles = StyleRole.allCases.map(\.name).joined(separator: ", ")
                throw document.error("unknown role '\(key)' (roles: \(roles), highlight)", key: key)
            }
            theme.looks[role] = try look(table, starting: theme.look(of: role), section: key, in: document)
        }
        return theme
    }

    private static func look(_ table: TOMLTable, starting: RoleLook, section: String, in document: TOMLDocument) throws(ConfigError) -> RoleLook {
        var look = starting
        for (key, value) in table {
            switch key {
            case "foreground", "fg", "background", "bg":
                let text = value.string ?? value.int.map(String.init)
                guard let text, let color = ThemeColor(name: text) else {
                    throw document.error("\(key) must be default, a colour name (red, bright-blue...) or a number 0-255", key: key, in: section)
                }
                if key.hasPrefix("f") { look.foreground = color } else { look.background = color }
            case "bold", "dim", "underline", "reverse":
                guard let flag = value.bool else { throw document.error("\(key) must be true or false", key: key, in: section) }
                switch key {
                case "bold": look.bold = flag
                case "dim": look.dim = flag
                case "underline": look.underline = flag
                default: look.reverse = flag
                }
            default:
                throw document.error("unknown key '\(key)' (foreground, background, bold, dim, underline, reverse)", key: key, in: section)
            }
        }
        return look
    }
}
