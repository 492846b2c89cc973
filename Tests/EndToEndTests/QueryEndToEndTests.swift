import Foundation
import Testing

@Suite("JSONPath queries in a real terminal: the tree of matches, errors, Esc back, picking", .serialized)
struct QueryEndToEndTests {
    let plant = samplePath("plant-maintenance.json")

    func session(_ arguments: String) throws -> TmuxSession {
        try TmuxSession("sleep 0.3; \(shellQuote(arborBinary)) \(arguments) > out; echo $? > status")
    }

    @Test func theColumnsHoldTheMatchesAndTheirAncestorsAndEscGoesBack() throws {
        let tmux = try session(shellQuote(plant))
        #expect(tmux.waitForScreen { $0.contains("Hamburg Plant") }.ok)
        try tmux.send("$")
        #expect(tmux.waitForScreen { $0.contains("query: $█") }.ok)
        try tmux.send("-l", "..[?@.status == 'Breakdown']")
        let answered = tmux.waitForScreen { $0.contains("8 matches") && $0.contains("✓") }
        #expect(answered.ok, "no tree of matches:\n\(answered.screen)")
        try tmux.send("Enter")
        let tree = tmux.waitForScreen { !$0.contains("query:") && $0.contains("Plants") && $0.contains("▶ 8✓") && $0.contains("Hamburg Plant") }
        #expect(tree.ok, "the root does not count the 8 matches under it:\n\(tree.screen)")
        #expect(tree.screen.contains("Berlin Plant") && tree.screen.contains("▷ 3✓"))
        try tmux.send("Right")
        #expect(tmux.waitForScreen { $0.contains("Cooling Tower B-200") }.ok)
        try tmux.send("Right")
        let match = tmux.waitForScreen { $0.contains("▌") && $0.contains("Control Valve Q-22") }
        #expect(match.ok, "\(match.screen)")
        #expect(!match.screen.contains("Heat Exchanger P-21"), "a branch without matches is shown:\n\(match.screen)")
        try tmux.send("Escape")
        let whole = tmux.waitForScreen { $0.contains("Control Valve Q-22") && $0.contains("Heat Exchanger P-21") }
        #expect(whole.ok, "Esc did not go back to the whole tree at the match:\n\(whole.screen)")
        try tmux.send("q")
        #expect(tmux.waitForFile("status")?.trimmingCharacters(in: .whitespacesAndNewlines) == "0")
    }

    @Test func aMalformedExpressionSaysWhereAndKeepsTheScreen() throws {
        let tmux = try session(shellQuote(plant))
        #expect(tmux.waitForScreen { $0.contains("Hamburg Plant") }.ok)
        try tmux.send("$")
        try tmux.send("-l", "[?@.a = 1]")
        let error = tmux.waitForScreen { $0.contains("column 8: '=' is not an operator") }
        #expect(error.ok, "\(error.screen)")
        #expect(error.screen.contains("Hamburg Plant"))
        try tmux.send("Escape", "q")
        #expect(tmux.waitForFile("status")?.trimmingCharacters(in: .whitespacesAndNewlines) == "0")
    }

    @Test func thePickerOpensOnTheAnswerAndPicksAMatch() throws {
        let tmux = try session("--pick --multi --jsonpath \(shellQuote("$..[?@.status == 'Breakdown']")) \(shellQuote(plant))")
        let first = tmux.waitForScreen { $0.contains("8 matches") && $0.contains("▌○ [1]") }
        #expect(first.ok, "the picker did not open on the first match:\n\(first.screen)")
        try tmux.send("Space", "Enter")
        #expect(tmux.waitForFile("status")?.trimmingCharacters(in: .whitespacesAndNewlines) == "0")
        #expect(tmux.file("out") == "/children/0/children/1/children/1\n")
    }
}
