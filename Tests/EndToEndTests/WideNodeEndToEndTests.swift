import Foundation
import Testing

@Suite("A node with 200,000 children in a real terminal", .serialized)
struct WideNodeEndToEndTests {
    /// A top-level array of 200,000 objects `{"id": "row-N", "name": "item N"}`.
    static let wideArray: [UInt8] = {
        var text = "["
        for index in 0..<200_000 {
            text += (index == 0 ? "" : ",") + "{\"id\":\"row-\(index)\",\"name\":\"item \(index)\",\"kind\":\"row\"}"
        }
        return Array((text + "]").utf8)
    }()

    func session(_ pipeline: String) throws -> TmuxSession {
        let command = "export ARBOR=\(shellQuote(arborBinary)); { \(pipeline); } > out; echo $? > status"
        return try TmuxSession("sleep 0.3; " + command, files: ["wide.json": Self.wideArray])
    }

    @Test func endFilterAndPickWorkAcrossTheWholeList() throws {
        let tmux = try session("$ARBOR --pick --multi --format tree --cells single wide.json")
        let first = tmux.waitForScreen { $0.contains("item 0") && $0.contains("1 of 200000") }
        #expect(first.ok, "no first frame:\n\(first.screen)")
        try tmux.send("End")
        let end = tmux.waitForScreen { $0.contains("item 199999") && $0.contains("200000 of 200000") }
        #expect(end.ok, "End did not reach the last item:\n\(end.screen)")
        try tmux.send("Space", "PgUp")
        let paged = tmux.waitForScreen { $0.contains("▌○ item 199963") && !$0.contains("…") }
        #expect(paged.ok, "PgUp did not show the page above:\n\(paged.screen)")
        try tmux.send("/", "'", "1", "2", "3", "4", "5")
        let filtered = tmux.waitForScreen(timeout: 30) { $0.contains("/'12345█") && $0.contains("item 112345") && $0.contains("item 123459") }
        #expect(filtered.ok, "the filter did not see every child:\n\(filtered.screen)")
        try tmux.send("Enter")
        #expect(tmux.waitForScreen { $0.contains("1 of 12") }.ok)
        try tmux.send("End", "Space", "Enter")
        #expect(tmux.waitForFile("status")?.trimmingCharacters(in: .whitespacesAndNewlines) == "0")
        #expect(tmux.file("out") == "row-199999\nrow-123459\n")
    }
}
