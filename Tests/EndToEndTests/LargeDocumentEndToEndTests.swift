import Foundation
import Testing

/// A large JSON document as a person opens it: its first screen comes while the rest is indexed, the whole
/// replaces it; a document found invalid past its first part says where on the screen and ends with status 2.
@Suite("Large documents shown while indexed", .serialized)
struct LargeDocumentEndToEndTests {
    static func document(records: Int = 140_000, tail: String = "") -> [UInt8] {
        let body = (0..<records).map { #"{"name": "record \#($0)", "size": \#($0), "tags": ["a", "b"]}"# }
        return Array((#"{"meta": {"count": \#(records)}, "records": ["# + body.joined(separator: ",\n") + "]" + tail + "}").utf8)
    }

    @Test func theWholeDocumentReplacesItsFirstPart() throws {
        let tmux = try TmuxSession("\(shellQuote(arborBinary)) big.json 2> err; echo $? > status", files: ["big.json": Self.document()])
        let first = tmux.waitForScreen { $0.contains("records") }
        #expect(first.ok, "no first screen:\n\(first.screen)")
        let whole = tmux.waitForScreen(timeout: 60) { $0.contains("140000") && !$0.contains("reading") }
        #expect(whole.ok, "the whole document never replaced its first part:\n\(whole.screen)")
        try tmux.send("Down", "Right")
        let records = tmux.waitForScreen { $0.contains("[0]") && $0.contains("1 of 140000") }
        #expect(records.ok, "the records are not listed whole:\n\(records.screen)")
        try tmux.send("q")
        #expect(tmux.waitForFile("status")?.trimmingCharacters(in: .whitespacesAndNewlines) == "0")
        #expect(tmux.file("err") == "")
    }

    @Test func aProblemPastTheFirstPartIsShownAndEndsWithStatusTwo() throws {
        let tmux = try TmuxSession("\(shellQuote(arborBinary)) big.json 2> err; echo $? > status",
                                   files: ["big.json": Self.document(tail: #", "broken": [1, 2,]"#)])
        let said = tmux.waitForScreen(timeout: 60) { $0.contains("big.json:140000:") }
        #expect(said.ok, "the problem is not on the screen:\n\(said.screen)")
        #expect(said.screen.contains("records"), "what was read before the problem is not shown:\n\(said.screen)")
        try tmux.send("Down", "Up")
        let kept = tmux.waitForScreen { $0.contains("big.json:140000:") && $0.contains("records") }
        #expect(kept.ok, "the problem is said for as long as the part is shown, not only until a key:\n\(kept.screen)")
        #expect(kept.screen.contains("records") && kept.screen.contains("▷ 140000"), "all the records read before the break are shown:\n\(kept.screen)")
        try tmux.send("q")
        #expect(tmux.waitForFile("status")?.trimmingCharacters(in: .whitespacesAndNewlines) == "2")
        let err = tmux.file("err") ?? ""
        #expect(err.hasPrefix("arbor: ") && err.contains("big.json:140000:") && err.contains("invalid JSON"), "\(err)")
    }
}
