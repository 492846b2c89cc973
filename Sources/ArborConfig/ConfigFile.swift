import ArborSources
import ArborTUI
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What the configuration file sets: default options for browsing and key bindings.
package struct Settings: Sendable {
    /// Options put in front of the command line's (`--layout outline`, `--no-mouse`...).
    package var arguments: [String] = []
    /// Keys rebound, in file order (nil: unbound).
    package var keyChanges: [(key: Key, command: BrowserCommand?)] = []
    /// Keys bound to actions by the `[bind]` table, as `--bind` spells them (`ctrl-o = "execute(vim {})"`).
    package var bindings: [ActionBinding] = []

    /// No settings.
    package init() {}
}

/// The configuration file, `$XDG_CONFIG_HOME/arbor/config.toml` or `~/.config/arbor/config.toml`.
package enum ConfigFile {
    /// Where the file is looked for, given the environment.
    package static func path(environment: [String: String]) -> String? {
        if let base = environment["XDG_CONFIG_HOME"], base.hasPrefix("/") { return base + "/arbor/config.toml" }
        guard let home = environment["HOME"], !home.isEmpty else { return nil }
        return home + "/.config/arbor/config.toml"
    }

    /// Reads the file at `path`; no file means no settings.
    package static func load(path: String) throws(ConfigError) -> Settings {
        // access(2), not FileManager: a start without a file then sets up no file manager for nothing.
        guard access(path, F_OK) == 0 else { return Settings() }
        guard let bytes = try? SourceFile.read(path), let text = String(validating: bytes, as: UTF8.self) else {
            throw ConfigError(file: path, "cannot read the file (or it is not UTF-8)")
        }
        return try parse(text, file: path)
    }

    /// The options each setting stands for, and the values it takes.
    static let choices: [String: [String]] = ["layout": ["columns", "outline"], "cells": ["auto", "full", "single"]]

    /// Parses the file's text.
    package static func parse(_ text: String, file: String) throws(ConfigError) -> Settings {
        let document = try TOMLDocument(text: text, file: file)
        var settings = Settings()
        for (key, value) in document.table {
            switch key {
            case "layout", "cells":
                guard let text = value.string, choices[key]!.contains(text) else {
                    throw document.error("\(key) must be one of \(choices[key]!.joined(separator: ", "))", key: key)
                }
                settings.arguments += ["--\(key)", text]
            case "theme":
                guard let text = value.string, !text.isEmpty else {
                    throw document.error("theme must be default, light, mono or the path of a theme file", key: key)
                }
                settings.arguments += ["--theme", text]
            case "header", "mouse", "color":
                guard let flag = value.bool else { throw document.error("\(key) must be true or false", key: key) }
                settings.arguments.append(flag ? "--\(key)" : "--no-\(key)")
            case "keys":
                guard let table = value.table else { throw document.error("keys must be a table: [keys]", key: key) }
                settings.keyChanges = try keyChanges(table, in: document)
            case "bind":
                guard let table = value.table else { throw document.error("bind must be a table: [bind]", key: key) }
                settings.bindings = try bindings(table, in: document)
            case "preview", "preview-window":
                guard let text = value.string else { throw document.error("\(key) must be text in quotes", key: key) }
                settings.arguments += ["--\(key)", text]
            default:
                throw document.error("unknown setting '\(key)' (layout, cells, header, mouse, color, theme, preview, preview-window, [keys], [bind])", key: key)
            }
        }
        return settings
    }

    private static func bindings(_ table: TOMLTable, in document: TOMLDocument) throws(ConfigError) -> [ActionBinding] {
        var found: [(line: Int, binding: ActionBinding)] = []
        for (name, value) in table {
            guard let actions = value.string else {
                throw document.error("the binding of '\(name)' must be actions in quotes (\"execute(vim {})\")", key: name, in: "bind")
            }
            do {
                found += try BindingParser.parse(name + ":" + actions).map { (document.line(ofKey: name, in: "bind") ?? 0, $0) }
            } catch {
                throw document.error("'\(name)': \(error.description)", key: name, in: "bind")
            }
        }
        return found.sorted { $0.line < $1.line }.map(\.binding)
    }

    private static func keyChanges(_ table: TOMLTable, in document: TOMLDocument) throws(ConfigError) -> [(key: Key, command: BrowserCommand?)] {
        var changes: [(line: Int, key: Key, command: BrowserCommand?)] = []
        for (name, value) in table {
            guard let key = Key(name: name) else {
                throw document.error("unknown key '\(name)' (a character, ctrl-x, or one of \(Key.namedKeys.map(\.0).joined(separator: ", ")))", key: name, in: "keys")
            }
            guard let commandName = value.string else {
                throw document.error("the binding of '\(name)' must be a command name in quotes", key: name, in: "keys")
            }
            if commandName == "none" {
                changes.append((document.line(ofKey: name, in: "keys") ?? 0, key, nil))
                continue
            }
            guard let command = BrowserCommand(rawValue: commandName) else {
                let known = BrowserCommand.allCases.map(\.rawValue).joined(separator: ", ")
                throw document.error("unknown command '\(commandName)' (commands: \(known), none)", key: name, in: "keys")
            }
            changes.append((document.line(ofKey: name, in: "keys") ?? 0, key, command))
        }
        return changes.sorted { $0.line < $1.line }.map { ($0.key, $0.command) }
    }
}
