import Foundation
import Testing

/// One hierarchy across boundaries, as a person walks it: a directory's files entered and left, a value edited at
/// its line, a file rewritten while shown, JSON inside strings, a SQLite database without flags, a CSV without
/// ids, and the ids of all of it through the picker, `:` and `--select`.
@Suite("Crossing into files, strings and databases", .serialized)
struct CrossingEndToEndTests {
    static let files: [String: [UInt8]] = [
        "app.json": Array("{\n  \"spec\": {\"replicas\": 3},\n  \"list\": [1, 2],\n  \"payload\": \"{\\\"user\\\": {\\\"name\\\": \\\"ann\\\"}}\"\n}\n".utf8),
        "cfg.toml": Array("[server]\nport = 8080\n".utf8),
        "conf.yaml": Array("name: web\nports:\n  - 80\n".utf8),
        "doc.xml": Array("<project><version>1.2</version></project>\n".utf8),
        "t.csv": Array("city,country,meta\nHamburg,DE,\"{\"\"pop\"\": 1800000}\"\nLyon,FR,[]\n".utf8),
        "we ird#1.json": Array("{\"a#b\": {\"c\": 1}}\n".utf8),
        "notes.txt": Array("hello\n".utf8),
        "editor.sh": Array("#!/bin/sh\nprintf '%s\\n' \"$@\" > editor-args\n".utf8),
        "mkdb.py": Array("""
            import sqlite3
            c = sqlite3.connect('db.sqlite')
            c.execute('create table users(name text, prefs text)')
            c.execute('insert into users values (?, ?)', ('ann', '{"theme": "dark"}'))
            c.execute('create table places(id integer primary key, parent integer, name text)')
            c.execute("insert into places values (1, null, 'world'), (2, 1, 'europe')")
            c.commit()
            """.utf8),
    ]

    /// Makes `db.sqlite` (a users table with a JSON column, a places tree), then lets the editor run.
    static let makeDatabase = "python3 mkdb.py && chmod +x editor.sh; "

    func session(_ arguments: String, width: Int = 140, height: Int = 40) throws -> TmuxSession {
        try TmuxSession(Self.makeDatabase + "EDITOR=./editor.sh \(shellQuote(arborBinary)) \(arguments); echo status=$? > status",
                        width: width, height: height, files: Self.files)
    }

    func waitFor(_ tmux: TmuxSession, _ texts: String...) {
        // Under a whole suite's load a debug build takes its time: the waits are long, the test no slower when it passes.
        let shown = tmux.waitForScreen(timeout: 30) { screen in texts.allSatisfy(screen.contains) }
        #expect(shown.ok, "\(texts) not on screen:\n\(shown.screen)")
    }

    @Test func eachFileOfADirectoryIsEnteredAndLeft() throws {
        let tmux = try session(".")
        waitFor(tmux, "app.json", "t.csv")
        try tmux.send("Right")
        waitFor(tmux, "spec", "list", "payload")
        try tmux.send("Left", "Down", "Right")
        waitFor(tmux, "server")
        try tmux.send("Left", "Down", "Right")
        waitFor(tmux, "web", "ports")
        try tmux.send("Left", "Down", "Right")
        waitFor(tmux, "places", "users", "table · tree")
        try tmux.send("Down", "Right")
        waitFor(tmux, "▌ann")
        try tmux.send("Right", "Down")
        waitFor(tmux, "▌prefs")
        try tmux.send("Right")
        waitFor(tmux, "theme", "dark")
        try tmux.send("Left", "Left", "Left", "Left", "Down", "Right")
        waitFor(tmux, "doc.xml › 1.2")
        try tmux.send("Left", "Down", "Down", "Down", "Down", "Right")
        waitFor(tmux, "Hamburg", "Lyon")
        try tmux.send("q")
        #expect(tmux.waitForFile("status")?.contains("status=0") == true)
    }

    @Test func aCSVWithoutIDsIsListedThenGrouped() throws {
        let listed = try session("t.csv")
        waitFor(listed, "▌Hamburg", "Lyon", "1 of 2")
        try listed.send("Right")
        waitFor(listed, "▌city", "country", "meta")
        try listed.send("Down", "Down", "Right")
        waitFor(listed, "▌pop", "1800000")
        try listed.send("q")
        let grouped = try session("--group-by country t.csv")
        waitFor(grouped, "▌DE", "FR", "country")
        try grouped.send("Right")
        waitFor(grouped, "▌Hamburg")
    }

    @Test func aValueInAFileIsEditedAtItsLineAndARewriteIsShown() throws {
        let tmux = try session(".")
        waitFor(tmux, "app.json")
        try tmux.send("Right")
        waitFor(tmux, "▌spec")
        try tmux.send("Down", "e")
        let args = tmux.waitForFile("editor-args", timeout: 30) ?? ""
        #expect(args.hasPrefix("+3\n") && args.contains("app.json"), "\(args)")
        let rewritten = "{\"fresh\": true, \"payload\": \"{\\\"user\\\": {\\\"name\\\": \\\"bo\\\"}}\"}\n"
        // Written whole, then put in place, as an editor saves: the change is one event.
        try Data(rewritten.utf8).write(to: tmux.directory.appendingPathComponent("app.json"), options: .atomic)
        waitFor(tmux, "fresh: true")
        try tmux.send("Home", "Down", "Right")
        waitFor(tmux, "▌user")
        try tmux.send("Right")
        waitFor(tmux, "▌name", "bo")
    }

    @Test func idsAcrossBoundariesRoundTripThroughThePickerPlaceAndSelect() throws {
        let picked = try TmuxSession(Self.makeDatabase + "\(shellQuote(arborBinary)) --pick --into . > out; echo $? > status",
                                     files: Self.files)
        _ = picked.waitForScreen { $0.contains("we ird#1.json") }
        try picked.send("End", "Right")
        _ = picked.waitForScreen { $0.contains("a#b") }
        try picked.send("Right")
        _ = picked.waitForScreen { $0.contains("○ c") }
        try picked.send("Enter")
        #expect(picked.waitForFile("status")?.trimmingCharacters(in: .whitespacesAndNewlines) == "0")
        let id = picked.file("out")?.trimmingCharacters(in: .newlines) ?? ""
        #expect(id.hasSuffix("/we ird#1.json#/a#b/c"), "\(id)")

        let folder = shellQuote(picked.directory.path)
        let selected = try session("--select \(shellQuote(id)) \(folder)")
        waitFor(selected, "▌c", "1")
        try selected.send("q")

        let placed = try session(folder)
        waitFor(placed, "app.json")
        try placed.send(":")
        try placed.send(all: Array(id).map(String.init))
        try placed.send("Enter")
        waitFor(placed, "▌c", "number")
    }

    @Test func printIntoADirectoryShowsAFileThatDoesNotParseAsItsErrorAndGoesOn() throws {
        let folder = try makeScratchFolder("arbor-into-print")
        defer { try? FileManager.default.removeItem(at: folder) }
        for (name, bytes) in Self.files where name.hasSuffix(".json") || name.hasSuffix(".csv") {
            try Data(bytes).write(to: folder.appendingPathComponent(name))
        }
        try Data("{\"a\": [1, }".utf8).write(to: folder.appendingPathComponent("broken.json"))
        let printed = try runCommand(arborBinary, ["print", "--into", "--depth", "2", folder.path])
        #expect(printed.status == 2, "the tree is printed, but not whole")
        #expect(printed.stdout.contains("├── broken.json\n│   └── ⚠ \(folder.path)/broken.json:1:11: invalid JSON"), "\(printed.stdout)")
        #expect(printed.stdout.contains("└── we ird#1.json\n    └── a#b"), "the walk goes on past it:\n\(printed.stdout)")
        #expect(printed.stderr.contains("broken.json:1:11"))
        let ids = try runCommand(arborBinary, ["print", "--into", "--output", "id", folder.path + "/app.json"])
        #expect(ids.stdout.contains("/payload\n"), "a file named itself is a document, as before")
        let leaves = try runCommand(arborBinary, ["print", "--depth", "2", folder.path])
        #expect(leaves.status == 0 && !leaves.stdout.contains("spec"), "without --into files are leaves")
    }

    @Test func thePickerOnAPathListOrADirectoryAcceptsAFileWithEnter() throws {
        let listed = try TmuxSession("printf 'conf/app.json\\nREADME.md\\n' | \(shellQuote(arborBinary)) --pick > out; echo $? > status")
        _ = listed.waitForScreen { $0.contains("conf") }
        try listed.send("Enter")
        _ = listed.waitForScreen { $0.contains("app.json") }
        try listed.send("Enter")
        #expect(listed.waitForFile("status")?.trimmingCharacters(in: .whitespacesAndNewlines) == "0")
        #expect(listed.file("out") == "conf/app.json\n")

        let directory = try TmuxSession("\(shellQuote(arborBinary)) --pick . > out; echo $? > status", files: Self.files)
        _ = directory.waitForScreen { $0.contains("app.json") }
        try directory.send("Enter")
        #expect(directory.waitForFile("status")?.trimmingCharacters(in: .whitespacesAndNewlines) == "0")
        #expect(directory.file("out")?.hasSuffix("/app.json\n") == true, "\(directory.file("out") ?? "")")
    }

    @Test func aDirectoryDiffShowsAChangedValueInsideAChangedYAMLFile() throws {
        let files: [String: [UInt8]] = [
            "v1/web/deploy.yaml": Array("kind: Deployment\nspec:\n  replicas: 2\n  image: web:1\n".utf8),
            "v2/web/deploy.yaml": Array("kind: Deployment\nspec:\n  replicas: 5\n  image: web:1\n".utf8),
            "v1/same.json": Array("{}".utf8),
            "v2/same.json": Array("{}".utf8),
        ]
        let tmux = try TmuxSession("\(shellQuote(arborBinary)) diff v1 v2; echo status=$? > status", width: 140, height: 30, files: files)
        waitFor(tmux, "web", "~1")
        try tmux.send("]")
        waitFor(tmux, "replicas: 2 → 5")
        try tmux.send("q")
        let paths = try runCommand(arborBinary, ["diff", "--output", "paths", tmux.directory.appendingPathComponent("v1").path,
                                                 tmux.directory.appendingPathComponent("v2").path])
        #expect(paths.status == 1 && paths.stdout == "web/deploy.yaml#/spec/replicas\n", "\(paths.stdout)")
    }
}
