import Foundation
import Testing

@Suite("arbor diff browsed as a tree of changes in tmux", .serialized)
struct DiffBrowsingEndToEndTests {
    var files: [String: [UInt8]] {
        get throws {
            let samples = projectRoot.appendingPathComponent("sample-data")
            return ["v1.json": Array(try Data(contentsOf: samples.appendingPathComponent("plant-maintenance.json"))),
                    "v2.json": Array(try Data(contentsOf: samples.appendingPathComponent("plant-maintenance-v2.json")))]
        }
    }

    @Test func changesCountedInIconsWalkedInOrderAndUnchangedShownOnAKey() throws {
        let tmux = try TmuxSession("\(shellQuote(arborBinary)) diff --layout outline v1.json v2.json", width: 110, height: 30, files: try files)
        let first = tmux.waitForScreen { $0.contains("~ children") }
        #expect(first.ok, "\(first.screen)")
        #expect(first.screen.contains("v1.json → v2.json"))
        #expect(first.screen.contains("+1 −1 ~3"), "the root's icon counts every change under it: \(first.screen)")
        #expect(!first.screen.contains("name: \"Plants\""), "unchanged members are hidden: \(first.screen)")
        try tmux.send("]")
        let status = tmux.waitForScreen { $0.contains("› status") }
        #expect(status.ok, "\(status.screen)")
        #expect(status.screen.contains("~ status: \"Active\" → \"Maintenance\""), "\(status.screen)")
        #expect(status.screen.contains("[0] Hamburg Plant") && status.screen.contains("+1 ~2"), "\(status.screen)")
        try tmux.send("i")
        let header = tmux.waitForScreen { $0.contains("changed") && $0.contains("\n \"Active\" → \"Maintenance\"") }
        #expect(header.ok, "the object header gives the status and both versions: \(header.screen)")
        try tmux.send("i")
        try tmux.send("]")
        #expect(tmux.waitForScreen { $0.contains("› location") && $0.contains("\"Building 2, floor 1\" → \"Building 2, floor 2\"") }.ok)
        try tmux.send("[")
        #expect(tmux.waitForScreen { $0.contains("› status") }.ok)
        try tmux.send("[")
        let wrapped = tmux.waitForScreen { !$0.contains("› status") && $0.contains("› children ›") }
        #expect(wrapped.ok, "[ before the first change goes round to the last: \(wrapped.screen)")
        #expect(wrapped.screen.contains("− "), "the last change is a removal, marked −: \(wrapped.screen)")
        try tmux.send(".")
        let shown = tmux.waitForScreen { $0.contains("name: \"Plants\"") }
        #expect(shown.ok, "\(shown.screen)")
        try tmux.send(".")
        #expect(tmux.waitForScreen { !$0.contains("name: \"Plants\"") }.ok)
        try tmux.send("F")
        try tmux.send("Munich")
        let found = tmux.waitForScreen { $0.contains("1 found for 'Munich'") && $0.contains("[2] Munich Plant") }
        #expect(found.ok, "find walks the tree of changes: \(found.screen)")
    }

    @Test(arguments: ["", "cat v1.json | "])
    func bracketsOutsideADifferenceSayTheSameForAFileAndAPipe(input: String) throws {
        let command = input + shellQuote(arborBinary) + (input.isEmpty ? " v1.json" : "")
        let tmux = try TmuxSession(command, width: 110, height: 30, files: try files)
        #expect(tmux.waitForScreen { $0.contains("Hamburg Plant") }.ok)
        try tmux.send("]")
        let said = tmux.waitForScreen { $0.contains("no changes here: ] and [ go through the changes of arbor diff") }
        #expect(said.ok, "\(command): \(said.screen)")
    }

    @Test func aPickedChangePrintsItsPointerAndARemovedOneItsPlaceMarked() throws {
        let tmux = try TmuxSession("\(shellQuote(arborBinary)) diff --multi v1.json v2.json > out; echo $? > status", width: 140, height: 30,
                                   files: try files)
        #expect(tmux.waitForScreen { $0.contains("~ children") }.ok)
        try tmux.send("]")
        #expect(tmux.waitForScreen { $0.contains("› status") }.ok)
        try tmux.send("Space")
        try tmux.send("[")
        let last = tmux.waitForScreen { !$0.contains("› status") && $0.contains("1 marked") }
        #expect(last.ok, "\(last.screen)")
        try tmux.send("Space")
        #expect(tmux.waitForScreen { $0.contains("2 marked") }.ok)
        try tmux.send("Enter")
        #expect(tmux.waitForFile("status")?.trimmingCharacters(in: .whitespacesAndNewlines) == "0")
        let picked = tmux.file("out")?.split(separator: "\n").map(String.init) ?? []
        let paths = try runCommand(arborBinary, ["diff", "--output", "paths", tmux.directory.appendingPathComponent("v1.json").path,
                                                 tmux.directory.appendingPathComponent("v2.json").path])
        let lastChange = paths.stdout.split(separator: "\n").last.map(String.init) ?? ""
        #expect(picked == ["/children/0/status", "-" + lastChange], "\(picked) \(paths.stdout)")
    }

    @Test func rewritingOneVersionComparesAgainKeepingTheFocus() throws {
        let tmux = try TmuxSession("\(shellQuote(arborBinary)) diff --layout outline v1.json v2.json", width: 110, height: 30, files: try files)
        #expect(tmux.waitForScreen { $0.contains("~ children") }.ok)
        try tmux.send("]")
        #expect(tmux.waitForScreen { $0.contains("› status") }.ok)
        let v2 = tmux.directory.appendingPathComponent("v2.json")
        var text = try String(contentsOf: v2, encoding: .utf8)
        text = text.replacingOccurrences(of: "\"name\": \"Plants\"", with: "\"name\": \"All plants\"")
        let temporary = tmux.directory.appendingPathComponent("v2.json.new")
        try Data(text.utf8).write(to: temporary)
        #expect(rename(temporary.path, v2.path) == 0)
        let changed = tmux.waitForScreen { $0.contains("~ name: \"Plants\" → \"All plants\"") }
        #expect(changed.ok, "\(changed.screen)")
        #expect(changed.screen.contains("+1 −1 ~4"), "\(changed.screen)")
        #expect(changed.screen.contains("› status"), "the focus stays: \(changed.screen)")
    }

    @Test func twoEqualVersionsSaySoWithoutAScreen() throws {
        let tmux = try TmuxSession("\(shellQuote(arborBinary)) diff v1.json v1.json 2> err; echo $? > status", files: try files)
        #expect(tmux.waitForFile("status")?.trimmingCharacters(in: .whitespacesAndNewlines) == "0")
        #expect(tmux.file("err") == "arbor: v1.json and v1.json are equal\n")
    }
}
