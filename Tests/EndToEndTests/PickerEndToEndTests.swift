import Foundation
import Testing

@Suite("Picking in a real terminal, output through a pipe", .serialized)
struct PickerEndToEndTests {
    /// A session running `pipeline` (which names arbor as `$ARBOR`) with stdout through `cat` into `out`,
    /// the exit status of arbor in `status`. The shell and `cat` ignore SIGINT, so that Ctrl-C, which the
    /// terminal sends to the whole pipeline, tests Arbor alone.
    func session(_ pipeline: String, files: [String: [UInt8]] = [:]) throws -> TmuxSession {
        let command = "trap '' INT; export ARBOR=\(shellQuote(arborBinary)); set -o pipefail 2>/dev/null; "
            + "{ \(pipeline); } | cat > out; echo $? > status"
        return try TmuxSession("sleep 0.3; " + command, files: files)
    }

    func finish(_ tmux: TmuxSession) -> (status: String?, output: [UInt8]) {
        let status = tmux.waitForFile("status")?.trimmingCharacters(in: .whitespacesAndNewlines)
        let output = (try? Data(contentsOf: tmux.directory.appendingPathComponent("out"))).map { [UInt8]($0) } ?? []
        return (status, output)
    }

    let paths = Array("src/app/main.swift\nsrc/app/util.swift\nsrc/lib/core.swift\nREADME.md\n".utf8)

    @Test func singlePickPrintsTheFocusedLeaf() throws {
        let tmux = try session("$ARBOR --pick list.txt", files: ["list.txt": paths])
        #expect(tmux.waitForScreen { $0.contains("pick one") && $0.contains("README.md") }.ok)
        try tmux.send("Enter")
        #expect(tmux.waitForScreen { $0.contains("○ app") }.ok)
        try tmux.send("Enter")
        #expect(tmux.waitForScreen { $0.contains("▌○ main.swift") }.ok)
        try tmux.send("Down", "Enter")
        let result = finish(tmux)
        #expect(result.status == "0")
        #expect(String(decoding: result.output, as: UTF8.self) == "src/app/util.swift\n")
    }

    @Test func multiPickAcrossTwoLevels() throws {
        let tmux = try session("cat list.txt | $ARBOR --pick --multi", files: ["list.txt": paths])
        #expect(tmux.waitForScreen { $0.contains("pick many") && $0.contains("README.md") }.ok)
        try tmux.send("Down", "Space")
        #expect(tmux.waitForScreen { $0.contains("● README.md") && $0.contains("1 marked") }.ok)
        try tmux.send("Up", "Right")
        #expect(tmux.waitForScreen { $0.contains("○ app") }.ok)
        try tmux.send("Down", "Right")
        #expect(tmux.waitForScreen { $0.contains("core.swift") }.ok)
        try tmux.send("Tab")
        #expect(tmux.waitForScreen { $0.contains("2 marked") }.ok)
        try tmux.send("Enter")
        let result = finish(tmux)
        #expect(result.status == "0")
        #expect(String(decoding: result.output, as: UTF8.self) == "README.md\nsrc/lib/core.swift\n")
    }

    @Test func cancelPrintsNothingAndExits130() throws {
        for key in ["q", "Escape", "C-c"] {
            let tmux = try session("$ARBOR --pick --multi list.txt", files: ["list.txt": paths])
            #expect(tmux.waitForScreen { $0.contains("README.md") }.ok)
            try tmux.send("Down", "Space", key)
            let result = finish(tmux)
            #expect(result.status == "130", "after \(key)")
            #expect(result.output.isEmpty, "after \(key)")
        }
    }

    @Test func nothingToPickExitsOne() throws {
        let tmux = try session("$ARBOR --pick empty.txt", files: ["empty.txt": []])
        #expect(tmux.waitForScreen { $0.contains("(no items)") }.ok)
        try tmux.send("Enter")
        let result = finish(tmux)
        #expect(result.status == "1")
        #expect(result.output.isEmpty)
    }

    @Test func print0KeepsSpacesAndNewlinesInIds() throws {
        let json = #"[{"id": "a b\nc", "name": "first"}, {"id": "tab\there", "name": "second"}]"#
        let tmux = try session("$ARBOR --pick --multi --print0 --format tree t.json", files: ["t.json": Array(json.utf8)])
        #expect(tmux.waitForScreen { $0.contains("second") }.ok)
        try tmux.send("Space", "Down", "Space", "Enter")
        let result = finish(tmux)
        #expect(result.status == "0")
        #expect(result.output == Array("a b\nc\u{0}tab\there\u{0}".utf8))
    }

    @Test func bytesThatAreNotUTF8ComeOutUnchanged() throws {
        let list: [UInt8] = Array("dir/caf".utf8) + [0xE9] + Array(".txt\ndir/plain.txt\n".utf8)
        let tmux = try session("$ARBOR --pick list.txt", files: ["list.txt": list])
        #expect(tmux.waitForScreen { $0.contains("plain.txt") }.ok)
        try tmux.send("Enter")
        let result = finish(tmux)
        #expect(result.status == "0")
        #expect(result.output == Array("dir/caf".utf8) + [0xE9] + Array(".txt\n".utf8))
    }

    @Test func aClosedStdoutEndsQuietly() throws {
        let tmux = try TmuxSession("sleep 0.3; stty -a > before; " + shellQuote(arborBinary)
            + " --pick --multi list.txt | head -1 > out; echo ${PIPESTATUS[0]} $? > status; stty -a > after", files: ["list.txt": paths])
        #expect(tmux.waitForScreen { $0.contains("README.md") }.ok)
        try tmux.send("Space", "Down", "Space", "Enter")
        let status = tmux.waitForFile("status")
        #expect(status != nil)
        #expect(tmux.file("out") == "src\n")
        #expect(tmux.waitForFile("after") == tmux.file("before"))
        let screen = tmux.screen()
        #expect(!screen.contains("rror"))
    }

    @Test func selectOpensWithTheItemFocused() throws {
        let tmux = try session("$ARBOR --pick --select src/lib/core.swift list.txt", files: ["list.txt": paths])
        #expect(tmux.waitForScreen { $0.contains("▌○ core.swift") }.ok)
        try tmux.send("Enter")
        let result = finish(tmux)
        #expect(String(decoding: result.output, as: UTF8.self) == "src/lib/core.swift\n")
    }

    @Test func gitLsFilesPicksThreeFilesInTwoDirectories() throws {
        let setup = "git init -q repo && cd repo && mkdir -p app/views lib && touch README app/main.c app/views/v.c lib/a.c lib/b.c "
            + "&& git add . && "
        let tmux = try session(setup + "git ls-files | $ARBOR --pick --multi")
        #expect(tmux.waitForScreen { $0.contains("pick many") && $0.contains("README") }.ok)
        try tmux.send("Down", "Right")
        #expect(tmux.waitForScreen { $0.contains("▌○ main.c") }.ok)
        try tmux.send("Space", "Down", "Right")
        #expect(tmux.waitForScreen { $0.contains("▌○ v.c") }.ok)
        try tmux.send("Space", "Left", "Left", "Down")
        #expect(tmux.waitForScreen { $0.contains("▌○ lib") }.ok)
        try tmux.send("Right", "Down", "Space", "Enter")
        let result = finish(tmux)
        #expect(result.status == "0")
        #expect(String(decoding: result.output, as: UTF8.self) == "app/main.c\napp/views/v.c\nlib/b.c\n")
    }
}
