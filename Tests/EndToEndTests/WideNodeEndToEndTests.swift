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

    /// How long a wait on work over the whole list may take: the debug build indexes the 200,000 children in a
    /// second or two alone, ten times that beside the rest of the suite.
    static let wholeList: TimeInterval = 60

    func session(_ pipeline: String) throws -> TmuxSession {
        let command = "export ARBOR=\(shellQuote(arborBinary)); { \(pipeline); } > out; echo $? > status"
        return try TmuxSession("sleep 0.3; " + command, files: ["wide.json": Self.wideArray])
    }

    @Test func pagesFarFromTheScreenAreLetGoAndReadAgainWhenTheyReturn() throws {
        let tmux = try session("$ARBOR --pick --multi --format tree --cells single wide.json")
        #expect(tmux.waitForScreen(timeout: Self.wholeList) { $0.contains("item 0") && $0.contains("1 of 200000") }.ok)
        try tmux.send("Down", "Down", "Down", "Down", "Down", "Space")
        // 600 screens down: over a hundred pages read, far more than are kept.
        for _ in 0..<30 {
            try tmux.send(all: Array(repeating: "PageDown", count: 20))
        }
        let far = tmux.waitForScreen(timeout: 30) { screen in
            let position = screen.split(separator: "\n").compactMap { line in
                line.split(separator: " ").firstIndex(of: "of").flatMap { Int(line.split(separator: " ")[$0 - 1]) }
            }.last ?? 0
            return position > 20_000 && !screen.contains("…")
        }
        #expect(far.ok, "the paging did not go past row 20,000:\n\(far.screen)")
        try tmux.send("Home")
        let back = tmux.waitForScreen { $0.contains("item 0") && $0.contains("1 of 200000") && !$0.contains("…") }
        #expect(back.ok, "Home did not show the first rows again:\n\(back.screen)")
        let rows = back.screen.split(separator: "\n").filter { $0.contains("item ") }
        #expect(rows.prefix(12).enumerated().allSatisfy { $0.element.hasSuffix("item \($0.offset)") || $0.element.contains("item \($0.offset) ") },
                "rows read again out of place:\n\(back.screen)")
        try tmux.send("Enter")
        #expect(tmux.waitForFile("status")?.trimmingCharacters(in: .whitespacesAndNewlines) == "0")
        #expect(tmux.file("out") == "row-5\n", "the mark made before the rows were let go is kept")
    }

    @Test func endFilterAndPickWorkAcrossTheWholeList() throws {
        let tmux = try session("$ARBOR --pick --multi --format tree --cells single wide.json")
        let first = tmux.waitForScreen(timeout: Self.wholeList) { $0.contains("item 0") && $0.contains("1 of 200000") }
        #expect(first.ok, "no first frame:\n\(first.screen)")
        try tmux.send("End")
        let end = tmux.waitForScreen(timeout: Self.wholeList) { $0.contains("item 199999") && $0.contains("200000 of 200000") }
        #expect(end.ok, "End did not reach the last item:\n\(end.screen)")
        try tmux.send("Space", "PgUp")
        let paged = tmux.waitForScreen { $0.contains("▌○ item 199963") && !$0.contains("…") }
        #expect(paged.ok, "PgUp did not show the page above:\n\(paged.screen)")
        try tmux.send("/", "'", "1", "2", "3", "4", "5")
        let filtered = tmux.waitForScreen(timeout: Self.wholeList) { $0.contains("/'12345█") && $0.contains("item 112345") && $0.contains("item 123459") }
        #expect(filtered.ok, "the filter did not see every child:\n\(filtered.screen)")
        try tmux.send("Enter")
        #expect(tmux.waitForScreen { $0.contains("1 of 12") }.ok)
        try tmux.send("End", "Space", "Enter")
        #expect(tmux.waitForFile("status")?.trimmingCharacters(in: .whitespacesAndNewlines) == "0")
        #expect(tmux.file("out") == "row-199999\nrow-123459\n")
    }
}
