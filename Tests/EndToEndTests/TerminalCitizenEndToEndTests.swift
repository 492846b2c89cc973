import Foundation
import Testing

@Suite("Where people start and what they expect of a terminal program", .serialized)
struct TerminalCitizenEndToEndTests {
    /// A session in a folder holding `files`, running `command` (arbor named as `$ARBOR`), stdout into `out`
    /// and the status into `status`.
    func session(_ command: String, files: [String: String] = [:]) throws -> TmuxSession {
        return try TmuxSession("sleep 0.3; export ARBOR=\(shellQuote(arborBinary)); { \(command); } > out; echo $? > status",
                        files: files.mapValues { Array($0.utf8) })
    }

    func finish(_ tmux: TmuxSession) -> (status: String?, output: String) {
        let status = tmux.waitForFile("status")?.trimmingCharacters(in: .whitespacesAndNewlines)
        return (status, tmux.file("out") ?? "")
    }

    let list = "src/app/main.swift\nsrc/app/util.swift\nsrc/lib/core.swift\nREADME.md\n"

    @Test func arborAloneBrowsesTheCurrentDirectory() throws {
        let tmux = try session("$ARBOR", files: ["notes/todo.txt": "x", "plan.md": "y"])
        let shown = tmux.waitForScreen { $0.contains("notes") && $0.contains("plan.md") }
        #expect(shown.ok, "the current directory shows:\n\(shown.screen)")
        try tmux.send("q")
        #expect(finish(tmux).status == "0")
    }

    @Test func anExpectedKeyAcceptsAndIsNamedFirst() throws {
        let tmux = try session("$ARBOR --pick --expect ctrl-v,ctrl-x list.txt", files: ["list.txt": list])
        #expect(tmux.waitForScreen { $0.contains("README.md") }.ok)
        try tmux.send("C-x")
        let crossed = finish(tmux)
        #expect(crossed.status == "0")
        #expect(crossed.output == "ctrl-x\nsrc\n", "the focused item, parent or not, with the key first")
        let entered = try session("$ARBOR --pick --expect ctrl-v list.txt", files: ["list.txt": list])
        #expect(entered.waitForScreen { $0.contains("README.md") }.ok)
        try entered.send("End", "Enter")
        #expect(finish(entered).output == "\nREADME.md\n", "Enter: an empty first line, as fzf prints")
    }

    @Test func selectOneAndExitZeroDecideWithoutAScreen() throws {
        let one = try session("$ARBOR --pick --select-1 --query READ list.txt", files: ["list.txt": list])
        let picked = finish(one)
        #expect(picked.status == "0" && picked.output == "README.md\n")
        let none = try session("$ARBOR --pick --exit-0 --query zzz list.txt", files: ["list.txt": list])
        let nothing = finish(none)
        #expect(nothing.status == "1" && nothing.output.isEmpty)
        #expect(!none.screen().contains("pick one"), "no screen was drawn")
        let many = try session("$ARBOR --pick --select-1 list.txt", files: ["list.txt": list])
        #expect(many.waitForScreen { $0.contains("pick one") && $0.contains("README.md") }.ok, "two items: the picker shows")
        try many.send("Escape")
        #expect(finish(many).status == "130")
    }

    @Test func yAndShiftYCopyThroughOSC52IntoTmuxsBuffer() throws {
        let tmux = try session("$ARBOR plant.json", files: ["plant.json": """
            {"id": "plants", "title": "Plants", "children": [{"id": "P-7 \\u00e9", "title": "Hamburg Plant"}]}
            """])
        try tmux.tmux(["set-option", "-g", "set-clipboard", "on"])
        #expect(tmux.waitForScreen { $0.contains("Hamburg Plant") }.ok)
        try tmux.send("Enter")
        #expect(tmux.waitForScreen { $0.contains("2/2") }.ok)
        try tmux.send("y")
        let copiedID = tmux.waitForScreen { $0.contains("copied id") }
        #expect(copiedID.ok, "the footer says so:\n\(copiedID.screen)")
        #expect(try tmux.tmux(["show-buffer"]) == "P-7 é")
        try tmux.send("Y")
        #expect(tmux.waitForScreen { $0.contains("copied path") }.ok)
        #expect(try tmux.tmux(["show-buffer"]) == "Plants/Hamburg Plant")
        try tmux.send("q")
    }

    @Test func theTerminalCursorSitsOnTheFocusedTitle() throws {
        let tmux = try session("$ARBOR list.txt", files: ["list.txt": list])
        #expect(tmux.waitForScreen { $0.contains("README.md") }.ok)
        for (keys, title) in [([], "src"), (["Down"], "README.md"), (["Up", "Enter"], "app")] {
            if !keys.isEmpty { try tmux.send(keys[0]); for key in keys.dropFirst() { try tmux.send(key) } }
            let deadline = Date().addingTimeInterval(5)
            var place = ""
            var expected = ""
            repeat {
                Thread.sleep(forTimeInterval: 0.1)
                let lines = tmux.screen().split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
                place = try tmux.tmux(["display-message", "-p", "#{cursor_y} #{cursor_x}"]).trimmingCharacters(in: .whitespacesAndNewlines)
                if let row = lines.firstIndex(where: { $0.contains("▌" + title) || $0.contains("▌ " + title) }),
                   let range = lines[row].range(of: title) {
                    expected = "\(row) \(lines[row][..<range.lowerBound].count)"
                }
            } while place != expected && Date() < deadline
            #expect(place == expected, "after \(keys): the cursor on “\(title)”")
        }
        try tmux.send("q")
    }

    @Test func heightDrawsBelowTheCursorWithoutTheAlternateScreenAndGivesTheRowsBack() throws {
        let tmux = try TmuxSession("sleep 0.3; seq 1 5; printf 'a/b\\na/c\\nd\\n' | \(shellQuote(arborBinary)) --pick --height 7; echo status=$?")
        let shown = tmux.waitForScreen { $0.contains("pick one") && $0.contains("○ d") }
        #expect(shown.ok, "\(shown.screen)")
        let lines = shown.screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(Array(lines.prefix(5)) == ["1", "2", "3", "4", "5"], "the shell's lines stay above:\n\(shown.screen)")
        #expect(lines[5].contains("pick one") && lines[11].contains("1 of 2"), "seven rows from the cursor's line")
        #expect(lines[12...].allSatisfy { $0.trimmingCharacters(in: .whitespaces).isEmpty })
        #expect(try tmux.tmux(["display-message", "-p", "#{alternate_on}"]).hasPrefix("0"), "not the alternate screen")
        let row = try #require(lines.firstIndex { $0.contains("○ d") })
        let click = "\u{1B}[M" + String(UnicodeScalar(UInt8(32))) + String(UnicodeScalar(UInt8(33 + 5))) + String(UnicodeScalar(UInt8(33 + row)))
        try tmux.send("-l", click)
        #expect(tmux.waitForScreen { $0.contains("2 of 2") }.ok, "a click lands on the row under the pointer")
        try tmux.send("Enter")
        let ended = tmux.waitForScreen { $0.contains("status=0") }
        #expect(ended.ok)
        let after = ended.screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(Array(after.prefix(7)) == ["1", "2", "3", "4", "5", "d", "status=0"], "the rows are given back:\n\(ended.screen)")
    }

    /// A terminal that never says where its cursor is (a pseudo-terminal driven by Python, which does not
    /// answer `CSI 6n`): `--height` falls back to the whole, alternate screen rather than draw over the shell.
    @Test func heightOnATerminalThatDoesNotAnswerTakesTheWholeScreen() throws {
        let folder = try makeScratchFolder("arbor-pty")
        defer { try? FileManager.default.removeItem(at: folder) }
        let list = folder.appendingPathComponent("list.txt").path
        let script = folder.appendingPathComponent("silent.py").path
        try "a/b\nd\n".write(toFile: list, atomically: true, encoding: .utf8)
        try """
            import os, pty, sys, time, select
            arbor, listfile = sys.argv[1], sys.argv[2]
            pid, fd = pty.fork()
            if pid == 0:
                os.environ['TERM'] = 'xterm-256color'
                os.execv(arbor, [arbor, '--pick', '--height', '5', listfile])
            out = b''
            deadline = time.time() + 8
            while time.time() < deadline and b'pick one' not in out:
                if select.select([fd], [], [], 0.1)[0]:
                    try: out += os.read(fd, 65536)
                    except OSError: break
            os.write(fd, b'\\x1b')
            end = time.time() + 3
            while time.time() < end:
                if select.select([fd], [], [], 0.1)[0]:
                    try:
                        chunk = os.read(fd, 65536)
                        if not chunk: break
                        out += chunk
                    except OSError: break
            _, status = os.waitpid(pid, 0)
            asked = out.find(b'\\x1b[6n')
            print(asked >= 0, out.rfind(b'\\x1b[?1049h') > asked, b'pick one' in out[asked:], os.waitstatus_to_exitcode(status))
            """.write(toFile: script, atomically: true, encoding: .utf8)
        let result = try runCommand("/usr/bin/env", ["python3", script, arborBinary, list])
        #expect(result.stdout == "True True True 130\n", "asked, back on the alternate screen, drawn, cancelled: \(result.stdout)\(result.stderr)")
    }

    /// The program's screen is entered in the same write as the first frame: a source slower than the frame's
    /// wait (a command that takes its time) leaves no blank screen between the shell's and the browser's.
    @Test func theScreenIsEnteredWithTheFirstFrameInOneWrite() throws {
        let folder = try makeScratchFolder("arbor-pty")
        defer { try? FileManager.default.removeItem(at: folder) }
        let script = folder.appendingPathComponent("first.py").path
        try """
            import os, pty, sys, time, select
            arbor = sys.argv[1]
            pid, fd = pty.fork()
            if pid == 0:
                os.environ['TERM'] = 'xterm-256color'
                os.execv(arbor, [arbor, '--children-cmd', 'sleep 0.3; printf "a\\\\tA\\\\n"'])
            reads = []
            deadline = time.time() + 8
            while time.time() < deadline and b'1049h' not in b''.join(reads):
                if select.select([fd], [], [], 0.1)[0]:
                    try: reads.append(os.read(fd, 65536))
                    except OSError: break
            os.write(fd, b'q')
            os.waitpid(pid, 0)
            first = reads[-1] if reads else b''
            print(b'\\x1b[?1049h' in first, b'\\x1b[2J' in first[first.find(b'1049h'):])
            """.write(toFile: script, atomically: true, encoding: .utf8)
        let result = try runCommand("/usr/bin/env", ["python3", script, arborBinary])
        #expect(result.stdout == "True True\n", "the entry and a whole frame in the first read: \(result.stdout)\(result.stderr)")
    }
}
