import Foundation
import Testing

@Suite("A large file is mapped, not read: as it is where nothing follows it, under a lease in the browser", .serialized)
struct MappedFileEndToEndTests {
    /// A document past the size from which files are mapped (1 MiB): `items` of 40,000 numbered objects.
    static let items: String = {
        var text = "{\"items\": [\n"
        text.reserveCapacity(40_000 * 64)
        for number in 0..<40_000 {
            text += "{\"n\": \(number), \"tag\": \"item \(number)\", \"pad\": \"............\"}"
            text += number == 39_999 ? "\n" : ",\n"
        }
        return text + "]"
    }()

    static func document(tail: String = "") -> String { items + tail + "}\n" }

    func write(_ text: String, in folder: URL) throws -> String {
        let path = folder.appendingPathComponent("large.json").path
        try text.write(toFile: path, atomically: false, encoding: .utf8)
        return path
    }

    @Test func aMappedFileIsAnsweredAsThePipedBytesAre() throws {
        let folder = try makeScratchFolder("arbor-mapped")
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = try write(Self.document(), in: folder)
        #expect(try FileManager.default.attributesOfItem(atPath: path)[.size] as! Int > 1 << 20)
        let expression = "$..[?@.n == 39999 || @.tag == 'item 7'].n"
        let mapped = try runCommand(arborBinary, ["query", "path", expression, path])
        let piped = try runCommand("/bin/sh", ["-c", "cat \(shellQuote(path)) | \(shellQuote(arborBinary)) query path \(shellQuote(expression))"])
        #expect(mapped.status == 0 && mapped.stdout == "7\n39999\n", "\(mapped.stdout) \(mapped.stderr)")
        #expect(piped.stdout == mapped.stdout)
        let last = try runCommand(arborBinary, ["query", "path", "$.items[-1].tag", path])
        #expect(last.stdout == "\"item 39999\"\n")
    }

    @Test func aMalformedMappedFileSaysWhere() throws {
        let folder = try makeScratchFolder("arbor-mapped")
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = try write(Self.document(tail: ", \"bad\": tru"), in: folder)
        let result = try runCommand(arborBinary, ["query", "path", "$.items[0]", path])
        #expect(result.status == 2 && result.stdout.isEmpty)
        #expect(result.stderr.contains("\(path):40002:"), "\(result.stderr)")
    }

    @Test func aFileCutShortWhileMappedEndsWithAMessage() throws {
        let folder = try makeScratchFolder("arbor-mapped")
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = try write(Self.document(), in: folder)
        #expect(try cutShort(path) == "arbor: \(path): the file was cut short while it was read\n")
        // A hostile name is named inert: its escape sequence never reaches the terminal.
        let hostile = folder.appendingPathComponent("red\u{1B}[31m.json").path
        try FileManager.default.moveItem(atPath: path, toPath: hostile)
        try Self.document().write(toFile: hostile, atomically: false, encoding: .utf8)
        let message = try cutShort(hostile)
        #expect(!message.contains("\u{1B}") && message.contains("red^[[31m.json"), "\(message)")
    }

    @Test func aLargeFileRewrittenInPlaceUnderTheBrowserShowsItsNewItems() throws {
        let tmux = try TmuxSession("sleep 0.3; \(shellQuote(arborBinary)) large.json; echo $? > status",
                                   files: ["large.json": Array(Self.document().utf8)])
        let file = tmux.directory.appendingPathComponent("large.json")
        #expect(tmux.waitForScreen { $0.contains("items") && $0.contains("40000") }.ok)
        try tmux.send("Right", "End")
        #expect(tmux.waitForScreen { $0.contains("[39999]") }.ok)
        // Cut and written again in place, shorter than before: the browser's bytes were its own copy by the time
        // the writer could go on, and the new version shows once it is read.
        let began = Date()
        try rewrite(file, with: #"{"changed": [1, 2]}"#)
        #expect(Date().timeIntervalSince(began) < 10, "the writer waits for the copy, not for the system to end the lease")
        try tmux.send("Up", "Home")
        let changed = tmux.waitForScreen { $0.contains("changed") }
        #expect(changed.ok, "the new version shows:\n\(changed.screen)")
        #expect(!changed.screen.contains("cut short"))
        try tmux.send("q")
        #expect(tmux.waitForFile("status") == "0\n")
    }

    @Test func aLargeFileRewrittenWhileTheBrowserIsStoppedShowsItsNewItemsAfterFg() throws {
        let tmux = try TmuxSession("PS1='$ ' bash --norc --noprofile -i", files: ["large.json": Array(Self.document().utf8)])
        let file = tmux.directory.appendingPathComponent("large.json")
        #expect(tmux.waitForScreen { $0.contains("$") }.ok)
        try tmux.send("-l", "\(shellQuote(arborBinary)) large.json")
        try tmux.send("Enter")
        #expect(tmux.waitForScreen { $0.contains("items") && $0.contains("40000") }.ok)
        try tmux.send("C-z")
        #expect(tmux.waitForScreen { $0.contains("Stopped") }.ok, "Ctrl-Z did not suspend")
        // Stopped, the browser cannot answer a writer: it gave its lease up for a copy before it stopped.
        let began = Date()
        try rewrite(file, with: #"{"changed": [1, 2]}"#)
        #expect(Date().timeIntervalSince(began) < 10, "the writer did not wait for the stopped browser")
        try tmux.send("-l", "fg")
        try tmux.send("Enter")
        let changed = tmux.waitForScreen { $0.contains("changed") }
        #expect(changed.ok, "the new version shows after fg:\n\(changed.screen)")
        try tmux.send("q")
        try tmux.send("-l", "echo $? > status")
        try tmux.send("Enter")
        #expect(tmux.waitForFile("status") == "0\n")
    }

    /// Cuts `file` to nothing and writes `text` in it, in place.
    private func rewrite(_ file: URL, with text: String) throws {
        let handle = try FileHandle(forWritingTo: file)
        try handle.truncate(atOffset: 0)
        try handle.write(contentsOf: Data(text.utf8))
        try handle.close()
    }

    /// What Arbor says, with exit status 2, when `path` is cut to nothing while its answer is held back.
    private func cutShort(_ path: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: arborBinary)
        process.arguments = ["query", "path", "$.items[*]", path]
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        // The pipe fills and holds Arbor back mid-answer; the file is then cut to nothing under it.
        let first = output.fileHandleForReading.readData(ofLength: 4096)
        #expect(String(decoding: first, as: UTF8.self).hasPrefix("{\"n\":0,"))
        #expect(truncate(path, 0) == 0)
        _ = output.fileHandleForReading.readDataToEndOfFile()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationReason == .exit && process.terminationStatus == 2)
        return message
    }
}
