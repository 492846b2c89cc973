import ArborConfig
import ArborTUI
import Foundation
import Testing

@Suite("Configuration and theme files")
struct ConfigTests {
    @Test func settingsBecomeOptionsAndKeyChanges() throws {
        let text = """
            # defaults
            layout = "outline"
            cells = "single"
            header = true
            mouse = false
            color = false
            theme = "light"

            [keys]
            "ctrl-n" = "next-item"
            j = "none"
            space = "toggle-header"
            """
        let settings = try ConfigFile.parse(text, file: "config.toml")
        #expect(Set(settings.arguments.joined(separator: " ").components(separatedBy: " ")) ==
                Set(["--layout", "outline", "--cells", "single", "--header", "--no-mouse", "--no-color", "--theme", "light"]))
        #expect(settings.keyChanges.map(\.key) == [.control("n"), .character("j"), .character(" ")])
        #expect(settings.keyChanges.map(\.command) == [.nextItem, nil, .toggleHeader])
        let map = KeyMap.standard.remapped(settings.keyChanges)
        #expect(map.command(for: .control("n")) == .nextItem)
        #expect(map.command(for: .character("j")) == nil)
        #expect(map.command(for: .down) == .nextItem)
        #expect(map.command(for: .character(" ")) == .toggleHeader)
        #expect(map.bindings.first { $0.command == .nextItem }?.keys == [.down, .control("n")])
    }

    @Test(arguments: [
        ("layout = \"tree\"\n", 1, "layout must be one of columns, outline"),
        ("\n\nheader = \"yes\"\n", 3, "header must be true or false"),
        ("colour = true\n", 1, "unknown setting 'colour'"),
        ("[keys]\nj = \"teleport\"\n", 2, "unknown command 'teleport'"),
        ("[keys]\n\"ctrl-\" = \"quit\"\n", 2, "unknown key 'ctrl-'"),
        ("[keys]\nx = 3\n", 2, "must be a command name"),
        ("keys = 3\n", 1, "keys must be a table"),
        ("theme = \"\"\n", 1, "theme must be"),
    ])
    func mistakesNameTheirLine(text: String, line: Int, message: String) {
        #expect {
            _ = try ConfigFile.parse(text, file: "c.toml")
        } throws: { error in
            guard let error = error as? ConfigError else { return false }
            return error.line == line && error.message.contains(message) && error.description.hasPrefix("c.toml:\(line):")
        }
    }

    @Test(arguments: [
        ("[!]\n", 1, 2, "saw '!'"), ("layout = \"outline\"\n\n  [ \u{E}]\n", 3, 5, "saw U+000E"), ("[[é]]\n", 1, 3, "saw U+00E9"),
        ("[\n", 1, 2, "the end of the line"), ("[ #x\n", 1, 3, "saw '#'"), ("[", 1, 2, "the end of the file"),
        ("s = \"\"\"\n[ok\"\"\"\n[*]\n", 3, 2, "saw '*'"), ("\u{FEFF}[\n[\0\0\0\n", 1, 2, "the end of the line"),
        ("\u{FEFF}[\u{2}", 1, 2, "saw U+0002"),
    ])
    func aTableHeaderWithoutANameIsAnErrorNotACrash(text: String, line: Int, column: Int, message: String) {
        // The TOML library stops the process on these (an assertion); they must come back as errors.
        #expect {
            _ = try ConfigFile.parse(text, file: "c.toml")
        } throws: { error in
            guard let error = error as? ConfigError else { return false }
            return error.line == line && error.column == column && error.message.contains(message)
        }
        #expect(throws: ConfigError.self) { _ = try ThemeFile.parse(text, file: "t.toml") }
    }

    @Test func arraysAndStringsThatStartLinesAreNotTakenForHeaders() {
        let text = """
            [keys]
            "ctrl-n" = "down"
            [ 'mouse' ]
            # [!] in a comment
            x = [
              [1, 2],
              [+3],
              [ ],
            ]
            y = '''
            [!]
            '''
            """
        #expect {
            _ = try ConfigFile.parse(text, file: "c.toml")
        } throws: { error in
            guard let error = error as? ConfigError else { return false }
            return !error.message.contains("table header")
        }
    }

    @Test func aSyntaxErrorNamesLineAndColumn() {
        #expect {
            _ = try ConfigFile.parse("layout = \"outline\"\nheader = \n", file: "c.toml")
        } throws: { error in
            guard let error = error as? ConfigError else { return false }
            return error.line == 2 && error.column != nil
        }
    }

    @Test func theFileIsFoundThroughXDGOrHome() throws {
        #expect(ConfigFile.path(environment: ["XDG_CONFIG_HOME": "/x", "HOME": "/h"]) == "/x/arbor/config.toml")
        #expect(ConfigFile.path(environment: ["XDG_CONFIG_HOME": "relative", "HOME": "/h"]) == "/h/.config/arbor/config.toml")
        #expect(ConfigFile.path(environment: [:]) == nil)
        #expect(try ConfigFile.load(path: "/nonexistent/arbor/config.toml").arguments.isEmpty)
    }

    @Test func defaultOptionsSplitLikeAShell() throws {
        #expect(try ArgumentWords.split("--layout outline  --theme 'my theme.toml' --x=\"a \\\"b\\\"\" c\\ d", source: "v")
                == ["--layout", "outline", "--theme", "my theme.toml", "--x=a \"b\"", "c d"])
        #expect(try ArgumentWords.split("  ", source: "v").isEmpty)
        #expect(try ArgumentWords.split("''", source: "v") == [""])
        #expect(throws: ConfigError(file: "v", line: 1, column: 4, "unterminated quote")) {
            try ArgumentWords.split("-a 'b", source: "v")
        }
    }

    @Test func themeFilesStartFromABaseAndChangeRoles() throws {
        let text = """
            base = "light"
            [title]
            foreground = "bright-red"
            underline = true
            [highlight]
            bg = 22
            """
        let theme = try ThemeFile.parse(text, file: "t.toml")
        #expect(theme.look(of: .title) == RoleLook(foreground: .index(9), bold: true, underline: true))
        #expect(theme.highlight.background == .index(22))
        #expect(theme.look(of: .subtitle) == Theme.light.look(of: .subtitle))
        #expect(try ThemeFile.load("mono") == Theme.mono)
    }

    @Test(arguments: [
        ("base = \"dark\"\n", 1, "base must be one of"),
        ("[titel]\nbold = true\n", 1, "unknown role 'titel'"),
        ("[title]\nbold = 1\n", 2, "bold must be true or false"),
        ("[title]\n\nforeground = \"mauve\"\n", 3, "foreground must be"),
        ("[title]\nblink = true\n", 2, "unknown key 'blink'"),
        ("title = 3\n", 1, "must be a table"),
    ])
    func themeMistakesNameTheirLine(text: String, line: Int, message: String) {
        #expect {
            _ = try ThemeFile.parse(text, file: "t.toml")
        } throws: { error in
            guard let error = error as? ConfigError else { return false }
            return error.line == line && error.message.contains(message)
        }
    }

    @Test func aMissingThemeFileIsReported() {
        #expect(throws: ConfigError.self) { try ThemeFile.load("/nonexistent/theme.toml") }
    }

    @Test func docsKeysListsTheBuiltInBindings() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let docs = try String(contentsOf: root.appendingPathComponent("docs/keys.md"), encoding: .utf8)
        #expect(docs.contains(KeyMap.standard.markdownTable), "docs/keys.md is out of date: paste `arbor keys --defaults`")
        for (name, key) in Key.namedKeys { #expect(Key(name: name) == key && key.configName == name) }
        #expect(Key(name: "ctrl-X") == .control("x"))
        #expect(Key(name: "ab") == nil)
    }
}
