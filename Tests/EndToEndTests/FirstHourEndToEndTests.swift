import Foundation
import Testing

/// What a new user met in the first hour, each named by its item in the report that found it.
@Suite("The first hour: rough edges a new user met")
struct FirstHourEndToEndTests {
    func file(_ name: String, _ text: String, in folder: URL) throws -> String {
        let path = folder.appendingPathComponent(name).path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// Item 13: `arbor print` of a document prints each scalar with its value, as the cells show it; item 10: a key
    /// holding a tab or a line break stays on its line. Asked for titles, it prints titles as they are.
    @Test func item13PrintShowsEachValueAndItem10KeepsControlCharactersOnTheirLine() throws {
        let folder = try makeScratchFolder("arbor-first-hour")
        defer { try? FileManager.default.removeItem(at: folder) }
        let package = try file("package.json", """
            {"name": "tool-two", "private": true, "deps": {"abbrev": "^2.0.0", "n": null}, "k\\tey": "a\\nb"}
            """, in: folder)
        let printed = try runCommand(arborBinary, ["print", package])
        #expect(printed.status == 0)
        #expect(printed.stdout == """
            package.json
            ├── name: tool-two
            ├── private: true
            ├── deps
            │   ├── abbrev: ^2.0.0
            │   └── n: null
            └── k\\tey: a\\nb

            """, "\(printed.stdout)")
        let titles = try runCommand(arborBinary, ["print", "--output", "title", package])
        #expect(titles.stdout.contains("├── name\n") && titles.stdout.contains("k\tey\n"), "\(titles.stdout)")
        let yaml = try file("ci.yaml", "jobs:\n  build:\n    runs-on: ubuntu-latest\n    steps:\n    - run: make\n", in: folder)
        let workflow = try runCommand(arborBinary, ["print", yaml])
        #expect(workflow.stdout.contains("runs-on: ubuntu-latest") && workflow.stdout.contains("run: make"), "\(workflow.stdout)")
    }

    /// Item 3: `--select-1` and `--exit-0` match `--query` against every item's path, as fzf matches every line.
    @Test func item3SelectOneAndExitZeroLookPastTheFirstLevel() throws {
        let folder = try makeScratchFolder("arbor-first-hour")
        defer { try? FileManager.default.removeItem(at: folder) }
        let list = try file("files.txt", "Sources/ArborCore/BrowserAction.swift\nSources/ArborTUI/Screen.swift\nREADME.md\n", in: folder)
        let one = try runCommand(arborBinary, ["--pick", "--query", "BrowserAction", "--select-1", "--exit-0", list])
        #expect(one.status == 0 && one.stdout == "Sources/ArborCore/BrowserAction.swift\n", "\(one.stdout) \(one.stderr)")
        let none = try runCommand(arborBinary, ["--pick", "--query", "NoSuchFile", "--select-1", "--exit-0", list])
        #expect(none.status == 1 && none.stdout.isEmpty)
    }

    /// Item 11: a table whose lines end in CR alone is read; item 10: two identical invalid files are not equal
    /// documents: the diff says why and exits 2.
    @Test func item11ATableWithCRLineBreaksIsReadAndItem10IdenticalInvalidFilesAreRefused() throws {
        let folder = try makeScratchFolder("arbor-first-hour")
        defer { try? FileManager.default.removeItem(at: folder) }
        let table = try file("old.csv", "id,name\r1,Pump\r2,Valve\r", in: folder)
        let printed = try runCommand(arborBinary, ["print", "--output", "title", table])
        #expect(printed.status == 0 && printed.stdout == "Pump\nValve\n", "\(printed.stdout)")
        let one = try file("one.json", "[1, 2", in: folder)
        let two = try file("two.json", "[1, 2", in: folder)
        let compared = try runCommand(arborBinary, ["diff", one, two])
        #expect(compared.status == 2 && compared.stderr.contains("invalid JSON"), "\(compared.status) \(compared.stderr)")
    }

    /// Item 10: print, query and diff follow nesting to one bound, 512 levels, and each says so past it: 100,000
    /// nested arrays print 514 lines and end with status 2, where they once wrote 246 MB.
    @Test func item10PrintQueryAndDiffStopAtOneNestingBound() throws {
        let folder = try makeScratchFolder("arbor-first-hour")
        defer { try? FileManager.default.removeItem(at: folder) }
        let deep = try file("deep.json", String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000), in: folder)
        let printed = try runCommand(arborBinary, ["print", deep])
        #expect(printed.status == 2 && printed.stdout.split(separator: "\n").count == 514)
        #expect(printed.stdout.hasSuffix("└── ⚠ values nested more than 512 deep: print goes no deeper\n"))
        #expect(printed.stderr.hasPrefix("arbor: values nested more than 512 deep: print goes no deeper (below …0/0/0"), "\(printed.stderr)")
        let queried = try runCommand(arborBinary, ["query", "path", "$..*", deep])
        #expect(queried.status == 2 && queried.stderr.contains("values nested more than 512 deep"), "\(queried.stderr)")
        let compared = try runCommand(arborBinary, ["diff", deep, deep])
        #expect(compared.status == 2 && compared.stderr.contains("values nested more than 512 deep"), "\(compared.stderr)")
    }

    /// Item 10: text read from a document that holds U+10FF80…U+10FFFF (the scalars that stand for bytes in names
    /// of files) is written as its UTF-8, by print and query alike, where it was written as one raw byte.
    @Test func item10TheLastPrivateUseScalarsAreWrittenAsUTF8() throws {
        let folder = try makeScratchFolder("arbor-first-hour")
        defer { try? FileManager.default.removeItem(at: folder) }
        let document = try file("u.json", "{\"a\u{10FF80}b\": {\"c\u{10FFFF}\": 1}}", in: folder)
        for field in ["title", "id", "path"] {
            let printed = try runCommand(arborBinary, ["print", "--output", field, document])
            #expect(printed.status == 0 && printed.stdout.contains("a\u{10FF80}b"), "\(field): \(printed.stdout.debugDescription)")
        }
        let titles = try runCommand(arborBinary, ["print", "--output", "title", document])
        #expect(titles.stdout.contains("c\u{10FFFF}"))
        let queried = try runCommand(arborBinary, ["query", "path", "$.*", "--output", "id", document])
        #expect(queried.status == 0 && queried.stdout == "/a\u{10FF80}b\n", "\(queried.stdout.debugDescription)")
    }

    /// A mistyped command or option is named with the one most likely meant.
    @Test func aMistypedCommandOrOptionSaysWhatWasMeant() throws {
        let command = try runCommand(arborBinary, ["prnt", "/etc"])
        #expect(command.status == 2 && command.stderr.contains("unknown command 'prnt'; did you mean 'print'?"), "\(command.stderr)")
        let option = try runCommand(arborBinary, ["print", "--dpeth", "2", "/etc"])
        #expect(option.status == 2 && option.stderr.contains("Unknown option '--dpeth'; did you mean '--depth'?"), "\(option.stderr)")
        let far = try runCommand(arborBinary, ["--zzzzzz"])
        #expect(far.status == 2 && !far.stderr.contains("did you mean"), "nothing near: no guess")
    }

    /// Item 12: an element inserted and another removed further on in the same array are two operations, the
    /// elements between them matched as they are, and an element changed in place is a change inside it.
    @Test func item12AnInsertAndARemoveInOneArrayAreTwoOperations() throws {
        let folder = try makeScratchFolder("arbor-first-hour")
        defer { try? FileManager.default.removeItem(at: folder) }
        let elements = (0..<100).map { "{\"id\": \($0), \"name\": \"item \($0)\"}" }
        var edited = elements
        edited.insert("{\"id\": 1000, \"name\": \"new\"}", at: 5)
        edited.remove(at: 71)
        edited[40] = "{\"id\": 39, \"name\": \"renamed\"}"
        let one = try file("one.json", "[" + elements.joined(separator: ",") + "]", in: folder)
        let two = try file("two.json", "[\n  " + edited.joined(separator: ",\n  ") + "\n]", in: folder)
        let patch = try runCommand(arborBinary, ["diff", "--output", "patch", one, two])
        #expect(patch.status == 1)
        let operations = patch.stdout.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(operations == [
            #"[{"op":"remove","path":"/70"},"#,
            #"{"op":"add","path":"/5","value":{"id":1000,"name":"new"}},"#,
            #"{"op":"replace","path":"/40/name","value":"renamed"}]"#,
        ], "\(patch.stdout)")
        let patchFile = try file("patch.json", patch.stdout, in: folder)
        let applied = try runCommand("/usr/bin/env", ["python3", "-c", """
            import json, sys, jsonpatch
            a, b, p = (json.load(open(f)) for f in sys.argv[1:4])
            sys.exit(0 if jsonpatch.apply_patch(a, p) == b else 1)
            """, one, two, patchFile])
        #expect(applied.status == 0, "the patch makes the first into the second: \(applied.stderr)")
    }

    /// Item 5: without an alternate screen (`TERM=linux`) what was drawn is cleared on quitting, so the shell's
    /// output does not run into the last frame; under `LANG=C` the screen is drawn in ASCII.
    @Test func item5ALinuxConsoleIsClearedOnQuittingAndACLocaleIsDrawnInASCII() throws {
        let tmux = try TmuxSession("sleep 0.3; TERM=linux LC_ALL= LC_CTYPE= LANG=C \(shellQuote(arborBinary)) doc.json; echo AFTER",
                                   files: ["doc.json": Array(#"{"name": "tool", "deps": {"a": "1"}}"#.utf8)])
        let drawn = tmux.waitForScreen { $0.contains("deps") && $0.contains("> 1") }
        #expect(drawn.ok, "drawn in ASCII:\n\(drawn.screen)")
        #expect(!drawn.screen.unicodeScalars.contains { $0.value >= 0x80 }, "nothing outside ASCII:\n\(drawn.screen)")
        try tmux.send("q")
        let after = tmux.waitForScreen { $0.contains("AFTER") }
        #expect(after.ok && !after.screen.contains("deps") && !after.screen.contains("+---"), "the frame is gone:\n\(after.screen)")
    }

    /// Item 7: the JSONPath prompt says what is wrong and stays open on an invalid expression; a query pasted
    /// whole over the `$` it opens with is not `$$`; a query with no match says so and how to go back.
    @Test func item7TheQueryPromptSaysWhatIsWrongAndHowToGoBack() throws {
        let tmux = try TmuxSession("sleep 0.3; \(shellQuote(arborBinary)) doc.json", width: 120, height: 16,
                                   files: ["doc.json": Array(#"{"name": "tool", "deps": {"a": "1"}}"#.utf8)])
        #expect(tmux.waitForScreen { $0.contains("deps") }.ok)
        try tmux.send("$")
        #expect(tmux.waitForScreen { $0.contains("query: $") }.ok)
        try tmux.send("$", ".", "[", "[", "Enter")
        let invalid = tmux.waitForScreen { $0.contains("query: $.[[") && $0.contains("column 3") }
        #expect(invalid.ok, "the prompt stays, the error said:\n\(invalid.screen)")
        try tmux.send("C-u", "$", ".", "n", "o", "n", "e", "Enter")
        let none = tmux.waitForScreen { $0.contains("0 matches for $.none · Esc: the whole tree") }
        #expect(none.ok, "\(none.screen)")
        try tmux.send("Escape")
        #expect(tmux.waitForScreen { $0.contains("deps") }.ok, "Esc: the whole tree again")
    }

    /// Item 8: a directory holding only dot files says how many are hidden and the key that shows them.
    @Test func item8ADirectoryOfDotFilesSaysTheyAreHidden() throws {
        let tmux = try TmuxSession("sleep 0.3; \(shellQuote(arborBinary)) home", width: 120, height: 12,
                                   files: ["home/.bashrc": [], "home/.profile": [], "home/config/.hidden": []])
        let shown = tmux.waitForScreen { $0.contains("config") && $0.contains("1 hidden entry (. shows them)") }
        #expect(shown.ok, "the directory of dot files says so in its cell:\n\(shown.screen)")
        try tmux.send(".")
        #expect(tmux.waitForScreen { $0.contains(".bashrc") }.ok, ". shows them")
    }

    /// Density: at 120x40 a directory shows at least 25 of its entries, the focused one as a cell of three lines
    /// (its kind and its date under its title) and the others on a line each; a document as many members as before.
    @Test func densityADirectoryShowsTwentyFiveEntriesOrMoreAt120x40() throws {
        var files: [String: [UInt8]] = [:]
        for number in 0..<40 { files["dir/entry\(number < 10 ? "0" : "")\(number).txt"] = Array("\(number)".utf8) }
        files["doc.json"] = Array(("{" + (0..<40).map { "\"key\($0)\": \($0)" }.joined(separator: ", ") + "}").utf8)
        let tmux = try TmuxSession("sleep 0.3; \(shellQuote(arborBinary)) dir", width: 120, height: 40, files: files)
        let shown = tmux.waitForScreen { $0.contains("entry00") && $0.contains("entry24") }
        #expect(shown.ok, "25 entries on screen:\n\(shown.screen)")
        let lines = shown.screen.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.filter { $0.contains("entry") }.count >= 25)
        let focused = try #require(lines.firstIndex { $0.contains("▌entry00") })
        #expect(lines[focused + 1].contains("▌file"), "the focused entry's subtitle under it:\n\(shown.screen)")
        #expect(lines[focused + 3].contains("entry01"), "the next entry after its three lines")
        let document = try TmuxSession("sleep 0.3; \(shellQuote(arborBinary)) doc.json", width: 120, height: 40, files: files)
        let members = document.waitForScreen { $0.contains("key30") }
        #expect(members.ok, "a document still shows a member a line:\n\(members.screen)")
    }

    /// Esc in the browser closes what is open and otherwise does nothing: a second Esc after closing a prompt does
    /// not end the session; q does.
    @Test func escapeClosesWhatIsOpenAndDoesNotQuit() throws {
        let tmux = try TmuxSession("sleep 0.3; \(shellQuote(arborBinary)) doc.json; echo $? > status", width: 120, height: 12,
                                   files: ["doc.json": Array(#"{"name": "tool", "deps": {"a": "1"}}"#.utf8)])
        #expect(tmux.waitForScreen { $0.contains("deps") }.ok)
        try tmux.send("/", "d", "Escape", "Escape")
        let kept = tmux.waitForScreen { $0.contains("nothing to close · q quits") }
        #expect(kept.ok, "\(kept.screen)")
        #expect(tmux.file("status") == nil, "still running")
        try tmux.send("q")
        #expect(tmux.waitForFile("status")?.trimmingCharacters(in: .whitespacesAndNewlines) == "0")
    }
}
