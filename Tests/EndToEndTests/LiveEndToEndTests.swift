import Foundation
import Testing

@Suite("What changes on disk shows at once", .serialized)
struct LiveEndToEndTests {
    /// A session browsing the directory `tree` (made with `files`, empty) with `arguments`; stdout into `out`.
    func session(_ arguments: String, files: [String]) throws -> (TmuxSession, URL) {
        let tmux = try TmuxSession("sleep 0.3; \(shellQuote(arborBinary)) \(arguments) tree > out; echo $? > status")
        let tree = tmux.directory.appendingPathComponent("tree")
        for file in files {
            let url = tree.appendingPathComponent(file)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            _ = FileManager.default.createFile(atPath: url.path, contents: Data())
        }
        return (tmux, tree)
    }

    func touch(_ url: URL) {
        _ = FileManager.default.createFile(atPath: url.path, contents: Data("x".utf8))
    }

    @Test func entriesCreatedRenamedAndRemovedShowWithMarksAndFocusKept() throws {
        let (tmux, tree) = try session("--pick --multi", files: ["sub/x", "b.txt", "d.txt"])
        #expect(tmux.waitForScreen { $0.contains("b.txt") && $0.contains("d.txt") }.ok)
        touch(tree.appendingPathComponent("c.txt"))
        #expect(tmux.waitForScreen { $0.contains("c.txt") }.ok, "a file created shows")
        try tmux.send("Down")
        #expect(tmux.waitForScreen { $0.contains("› b.txt") }.ok)
        try tmux.send("Space")
        #expect(tmux.waitForScreen { $0.contains("1 marked") }.ok)
        try tmux.send("Down")
        #expect(tmux.waitForScreen { $0.contains("› c.txt") }.ok)
        try FileManager.default.moveItem(at: tree.appendingPathComponent("d.txt"), to: tree.appendingPathComponent("a.txt"))
        let renamed = tmux.waitForScreen { $0.contains("a.txt") && !$0.contains("d.txt") }
        #expect(renamed.ok, "a rename shows:\n\(renamed.screen)")
        #expect(renamed.screen.contains("› c.txt"), "the focus stays on its item")
        try FileManager.default.removeItem(at: tree.appendingPathComponent("b.txt"))
        let removed = tmux.waitForScreen { $0.contains("1 marked item went away") }
        #expect(removed.ok, "a marked item removed is unmarked:\n\(removed.screen)")
        #expect(!removed.screen.contains("b.txt"))
        try FileManager.default.removeItem(at: tree.appendingPathComponent("c.txt"))
        let focusedGone = tmux.waitForScreen { $0.contains("“c.txt” went away") }
        #expect(focusedGone.ok, "the focused item removed:\n\(focusedGone.screen)")
        #expect(focusedGone.screen.contains("› a.txt") || focusedGone.screen.contains("› sub"))
        try tmux.send("q")
        #expect(tmux.waitForFile("status") != nil)
    }

    @Test func aFilterStaysOnAndTheCountsOfTheFocusedDirectoryFollow() throws {
        let (tmux, tree) = try session("", files: ["sub/x", "one.txt", "two.log"])
        #expect(tmux.waitForScreen { $0.contains("two.log") }.ok)
        try tmux.send("/", "t", "x", "t", "Enter")
        #expect(tmux.waitForScreen { !$0.contains("two.log") && $0.contains("one.txt") }.ok)
        touch(tree.appendingPathComponent("three.txt"))
        touch(tree.appendingPathComponent("four.log"))
        let filtered = tmux.waitForScreen { $0.contains("three.txt") }
        #expect(filtered.ok, "a new entry that matches shows:\n\(filtered.screen)")
        #expect(!filtered.screen.contains("four.log"), "the filter stays on")
        try tmux.send("Escape", "Home")
        #expect(tmux.waitForScreen { $0.contains("› sub") && $0.contains("▷ 1") }.ok)
        touch(tree.appendingPathComponent("sub/y"))
        #expect(tmux.waitForScreen { $0.contains("▷ 2") }.ok, "the focused directory's count follows")
        try tmux.send("q")
        #expect(tmux.waitForFile("status") != nil)
    }

    @Test func noWatchLeavesTheListingAsItWasRead() throws {
        let (tmux, tree) = try session("--no-watch", files: ["a.txt"])
        #expect(tmux.waitForScreen { $0.contains("a.txt") }.ok)
        touch(tree.appendingPathComponent("late.txt"))
        let screen = tmux.waitForScreen(timeout: 1) { $0.contains("late.txt") }
        #expect(!screen.ok, "nothing is watched")
        try tmux.send("q")
        #expect(tmux.waitForFile("status") != nil)
    }

    @Test func aJSONFileRewrittenByRenameShowsItsNewItemsAndAnInvalidEditKeepsTheLastGoodView() throws {
        let tmux = try TmuxSession("sleep 0.3; \(shellQuote(arborBinary)) --pick --multi --format tree t.json > out; echo $? > status")
        let file = tmux.directory.appendingPathComponent("t.json")
        func write(_ text: String, byRename: Bool) throws {
            if byRename {
                let temporary = tmux.directory.appendingPathComponent("t.json.tmp")
                try Data(text.utf8).write(to: temporary)
                _ = rename(temporary.path, file.path)
            } else {
                let handle = try FileHandle(forWritingTo: file)
                try handle.truncate(atOffset: 0)
                try handle.write(contentsOf: Data(text.utf8))
                try handle.close()
            }
        }
        try write(#"[{"id":"a","name":"Alpha"},{"id":"b","name":"Beta"},{"id":"c","name":"Gamma"}]"#, byRename: true)
        #expect(tmux.waitForScreen { $0.contains("Gamma") }.ok)
        try tmux.send("Down", "Space", "Down", "Space")
        #expect(tmux.waitForScreen { $0.contains("2 marked") && $0.contains("· Gamma ") }.ok)
        try write(#"[{"id":"z","name":"Zeta"},{"id":"a","name":"Alpha"},{"id":"c","name":"Gamma 2"}]"#, byRename: true)
        let changed = tmux.waitForScreen { $0.contains("Zeta") && $0.contains("Gamma 2") }
        #expect(changed.ok, "added and changed items show:\n\(changed.screen)")
        #expect(!changed.screen.contains("Beta"), "a removed item goes")
        #expect(changed.screen.contains("· Gamma 2"), "the focus stays on its item")
        #expect(changed.screen.contains("1 marked item went away"))
        try write("[{\"id\":\"z\",\n \"name\" \"Zeta\"}]", byRename: false)
        let invalid = tmux.waitForScreen { $0.contains("t.json:2:9") }
        #expect(invalid.ok, "the error shows with its place:\n\(invalid.screen)")
        #expect(invalid.screen.contains("Zeta") && invalid.screen.contains("Gamma 2"), "the last good view stays")
        try write(#"[{"id":"c","name":"Gamma 3"}]"#, byRename: false)
        let mended = tmux.waitForScreen { $0.contains("Gamma 3") && !$0.contains("t.json:2") }
        #expect(mended.ok, "a mended file shows and the error goes:\n\(mended.screen)")
        try tmux.send("Enter")
        #expect(tmux.waitForFile("status") != nil)
        #expect(tmux.file("out") == "c\n", "the mark survived every change")
    }

    @Test func aCommandColumnIsAskedAgainAtTheWatchIntervalKeepingMarksAndTheFilter() throws {
        let tmux = try TmuxSession("sleep 0.3; \(shellQuote(arborBinary)) --pick --multi --watch 1 --children-cmd 'cat items.txt' > out; echo $? > status")
        let items = tmux.directory.appendingPathComponent("items.txt")
        try Data("apple\napricot\nbanana\n".utf8).write(to: items)
        #expect(tmux.waitForScreen { $0.contains("banana") }.ok)
        try tmux.send("/", "a", "p", "Enter")
        #expect(tmux.waitForScreen { !$0.contains("banana") && $0.contains("apricot") }.ok)
        try tmux.send("Space")
        #expect(tmux.waitForScreen { $0.contains("1 marked") }.ok)
        try Data("apple\napricot\nbanana\napex\nberry\n".utf8).write(to: items)
        let grown = tmux.waitForScreen(timeout: 5) { $0.contains("apex") }
        #expect(grown.ok, "the new line shows within the interval:\n\(grown.screen)")
        #expect(!grown.screen.contains("berry"), "the filter stays on")
        try Data("apricot\napex\n".utf8).write(to: items)
        let shrunk = tmux.waitForScreen(timeout: 5) { $0.contains("1 marked item went away") }
        #expect(shrunk.ok, "the marked apple went:\n\(shrunk.screen)")
        try tmux.send("C-c")
        #expect(tmux.waitForFile("status") != nil)
    }
}
