import Foundation
import Testing

/// The release build, for the test that reads a file past 4 GiB (the debug build indexes it 30 times slower):
/// `ARBOR_RELEASE_BIN`, set by `make test-release`.
let arborReleaseBinary: String? = ProcessInfo.processInfo.environment["ARBOR_RELEASE_BIN"].flatMap { $0.isEmpty ? nil : $0 }

@Suite("No input exhausts memory, in a real terminal", .serialized)
struct InputLimitEndToEndTests {
    /// Runs `command` in a terminal, then writes its status to `status`.
    func session(_ command: String, width: Int = 120, height: Int = 30) throws -> TmuxSession {
        try TmuxSession("\(command); echo $? > status", width: width, height: height)
    }

    @Test func binaryOnStdinAndDevicesAreRefusedAtOnce() throws {
        let arbor = shellQuote(arborBinary)
        let cases = [
            ("head -c 3000000 /dev/urandom | \(arbor)", "stdin: looks like binary data"),
            ("printf '\\211PNG\\r\\n\\032\\nrest' | \(arbor)", "stdin: looks like a PNG image, not a hierarchy"),
            ("\(arbor) /dev/zero", "/dev/zero: a character device, not a hierarchy (--format FORMAT reads it anyway)"),
            ("\(arbor) print < /dev/urandom", "stdin: a character device, not a hierarchy"),
        ]
        for (command, message) in cases {
            let tmux = try session(command)
            #expect(tmux.waitForFile("status")?.trimmingCharacters(in: .whitespacesAndNewlines) == "2", "\(command)")
            let shown = tmux.waitForScreen { $0.contains(message) }
            #expect(shown.ok, "\(command):\n\(shown.screen)")
        }
    }

    @Test func anEndlessCommandFillsItsColumnToTheCeilingAndSaysItStopped() throws {
        let tmux = try session("\(shellQuote(arborBinary)) --children-cmd 'yes {}' --root loop --max-input 48M --timeout 60")
        let shown = tmux.waitForScreen(timeout: 60) { $0.contains("its share of the memory ceiling") }
        #expect(shown.ok, "\(shown.screen)")
        #expect(shown.screen.contains("loop"))
        try tmux.send("q")
        #expect(tmux.waitForFile("status")?.trimmingCharacters(in: .whitespacesAndNewlines) == "0")
    }

    @Test func aStreamPastTheCeilingShowsWhatWasReadAndSaysSo() throws {
        let tmux = try session("seq 1 3000000 | \(shellQuote(arborBinary)) --max-input 3M")
        let shown = tmux.waitForScreen(timeout: 30) { $0.contains("stopped reading at 2.0 MB") }
        #expect(shown.ok, "\(shown.screen)")
        #expect(shown.screen.contains("1 of "))
        try tmux.send("q")
        #expect(tmux.waitForFile("status")?.trimmingCharacters(in: .whitespacesAndNewlines) == "0")
    }

    @Test func aLongReadShowsItsProgressAndStopsOnQ() throws {
        let tmux = try session("(printf '{\"a\": ['; i=0; while [ $i -lt 40 ]; do printf '1, '; sleep 0.1; i=$((i+1)); done; echo '2]}') "
            + "| \(shellQuote(arborBinary))")
        let loading = tmux.waitForScreen { $0.contains("reading stdin…") && $0.contains("B/s") }
        #expect(loading.ok, "\(loading.screen)")
        try tmux.send("q")
        #expect(tmux.waitForFile("status")?.trimmingCharacters(in: .whitespacesAndNewlines) == "130")
    }

    @Test(.enabled(if: arborReleaseBinary != nil, "needs ARBOR_RELEASE_BIN (make test-release sets it)"))
    func aDocumentPastFourGiBOpensWithItsItemsInPlace() throws {
        let folder = try makeScratchFolder("arbor-huge")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("huge.json")
        #expect(FileManager.default.createFile(atPath: file.path, contents: nil))
        let handle = try FileHandle(forWritingTo: file)
        let body = Data(repeating: UInt8(ascii: "a"), count: 1 << 20)
        try handle.write(contentsOf: Data("[".utf8))
        for index in 0..<4200 {
            try handle.write(contentsOf: Data("{\"title\": \"item \(index)\", \"body\": \"".utf8))
            try handle.write(contentsOf: body)
            try handle.write(contentsOf: Data("\"},\n".utf8))
        }
        try handle.write(contentsOf: Data("{\"title\": \"the last, past 4 GiB\", \"body\": \"end\"}]\n".utf8))
        try handle.close()
        let size = try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int ?? 0
        #expect(size > 1 << 32)
        let tmux = try session("\(shellQuote(arborReleaseBinary ?? arborBinary)) \(shellQuote(file.path))")
        let first = tmux.waitForScreen(timeout: 120) { $0.contains("[0]") && $0.contains("1 of 4201") }
        #expect(first.ok, "\(first.screen)")
        try tmux.send("End")
        #expect(tmux.waitForScreen(timeout: 30) { $0.contains("4201 of 4201") && $0.contains("▌[4200]") }.ok)
        try tmux.send("Right")
        let last = tmux.waitForScreen(timeout: 30) { $0.contains("the last, past 4 GiB") }
        #expect(last.ok, "\(last.screen)")
        try tmux.send("Left")
        #expect(tmux.waitForScreen(timeout: 30) { $0.contains("2/3") }.ok)
        try tmux.send("Up")
        #expect(tmux.waitForScreen(timeout: 30) { $0.contains("▌[4199]") }.ok)
        try tmux.send("Right")
        let before = tmux.waitForScreen(timeout: 30) { $0.contains("item 4199") }
        #expect(before.ok, "\(before.screen)")
        try tmux.send("q")
        #expect(tmux.waitForFile("status", timeout: 30)?.trimmingCharacters(in: .whitespacesAndNewlines) == "0")
    }
}
