import ArborCore
import ArborPath
@testable import ArborSources
import Foundation
import Testing

@Suite("JSON Lines")
struct JSONLinesTests {
    func temporaryPath(_ name: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("arbor-\(UUID().uuidString)-\(name)").path
    }

    func open(_ text: String, name: String = "events.jsonl", streaming: Bool = false) throws -> OpenedSource {
        let path = temporaryPath(name)
        try SourceFileFixture.write(text, to: path)
        defer { unlink(path) }
        return try SourceOpener.open(SourceRequest(path: path), streaming: streaming)
    }

    @Test func eachLineIsAnItemTitledByItsFieldsOrItsNumber() async throws {
        let opened = try open("{\"name\":\"alpha\",\"type\":\"info\",\"n\":1}\r\n{\"n\":2,\"body\":\"second\"}\r\n[1,2]\r\n42\r\n\"text\"\r\n")
        #expect(opened.format == .jsonl)
        let source = opened.hierarchy
        let root = try await source.item("")
        #expect(root.content.subtitle == "JSON Lines")
        #expect(root.content.body == "5 lines")
        let lines = try await source.children(of: "")
        #expect(lines.map(\.id) == ["/0", "/1", "/2", "/3", "/4"])
        #expect(lines.map(\.content.title) == ["alpha", "line 2", "line 3", "line 4", "line 5"])
        #expect(lines[0].content.subtitle == "info")
        #expect(lines[1].content.body == "second")
        #expect(lines[2].content.body == "[2 items]")
        #expect(lines[3].content.scalar == ScalarValue(.number, "42"))
        #expect(lines[4].content.scalar == ScalarValue(.string, "text"))
        #expect(lines.map(\.childCount) == [3, 2, 2, 0, 0])
        #expect(try await source.children(of: "/1").map(\.content.title) == ["n", "body"])
        #expect(try await source.item("/0/name").content.scalar == ScalarValue(.string, "alpha"))
        #expect(try await source.parentID(of: "/0/name") == "/0")
        #expect(try await source.position(of: "/2", in: "") == 2)
    }

    /// Lines without a title field are titled by the first string field that tells them apart, not `line N`;
    /// a field with one value on every line, or missing from one, does not.
    @Test func linesWithoutATitleFieldAreTitledByAFieldThatTellsThemApart() async throws {
        let text = (0..<6).map { "{\"level\":\"info\",\"n\":\($0),\"ts\":\"2026-12-02T10:0\($0):00Z\",\"msg\":\"step \($0)\"}" }
            .joined(separator: "\n")
        let lines = try await open(text + "\n").hierarchy.children(of: "")
        #expect(lines.map(\.content.title) == (0..<6).map { "2026-12-02T10:0\($0):00Z" })
        #expect(lines[0].content.subtitle == "line 1")
        let sparse = try await open("{\"level\":\"info\",\"msg\":\"a\"}\n{\"level\":\"info\"}\n").hierarchy.children(of: "")
        #expect(sparse.map(\.content.title) == ["line 1", "line 2"])
    }

    @Test func aMalformedLineIsAnItemWithItsPlaceAndTheOthersStillWork() async throws {
        let opened = try open("{\"a\":1}\n\n{\"bad\": }\n{\"a\":3}\n{\"a\":\n")
        #expect(opened.problems.count == 2)
        #expect(opened.problems[0].hasSuffix("events.jsonl: line 3, column 9: unexpected '}', expected a value"))
        #expect(opened.problems[1].contains(": line 5, column "))
        let lines = try await opened.hierarchy.children(of: "")
        #expect(lines.count == 4)
        #expect(lines.map(\.content.title) == ["line 1", "line 3", "line 4", "line 5"], "the blank line is passed over, numbers kept")
        #expect(lines[1].content.icon == "⚠")
        #expect(lines[1].content.status == "malformed")
        #expect(lines[1].content.body.hasSuffix(":3: column 9: unexpected '}', expected a value"))
        #expect(lines[1].content.description == "{\"bad\": }")
        #expect(lines[1].childCount == 0)
        #expect(try await opened.hierarchy.children(of: "/2").map(\.content.scalar) == [ScalarValue(.number, "3")])
        #expect(lines[3].content.status == "malformed", "a last line cut short is malformed too")
    }

    @Test func aBlankLastLineAndNoFinalNewlineAreBothFine() async throws {
        #expect(try await open("{\"a\":1}\n{\"a\":2}\n\n").hierarchy.numberOfChildren(of: "") == 2)
        #expect(try await open("{\"a\":1}\n{\"a\":2}").hierarchy.numberOfChildren(of: "") == 2)
        #expect(try open("{\"a\":1}\n{\"a\":2}\n\n").problems.isEmpty)
    }

    @Test func recognisedByContentWhenTheFirstLineIsOneWholeValue() throws {
        #expect(SourceFormat.sniff(Array("{\"a\":1}\n{\"a\":2}\n".utf8)) == .jsonl)
        #expect(SourceFormat.sniff(Array("[1]\n[2]\n".utf8)) == .jsonl)
        #expect(SourceFormat.sniff(Array("{\n  \"a\": 1\n}\n".utf8)) == .json, "a document written over lines is JSON")
        #expect(SourceFormat.sniff(Array("{\"a\":1}\n".utf8)) == .json, "one line alone is a JSON document")
        #expect(SourceFormat.byExtension("x/log.ndjson") == .jsonl)
        #expect(try open("{\"a\":1}\n{\"a\":2}\n", name: "noextension").format == .jsonl)
    }

    @Test func queriesAndFindsReadTheLines() async throws {
        let source = try open("{\"name\":\"a\",\"size\":5}\n{\"name\":\"b\",\"size\":50}\nnot json\n").hierarchy
        let querying = try #require(source as? any IndexedQuerying)
        var ids: [String] = []
        _ = try querying.forEachQueryMatch(try JSONPath("$[?@.size > 10]"), shouldStop: { false }) { match in
            ids.append(match.itemID)
            return true
        }
        #expect(ids == ["/1"])
        let entries = try await source.searchEntries(ofChildrenOf: "/0", in: nil, fields: [.title, .body])
        #expect(entries.map(\.text).contains { $0.contains("5") })
    }

    @Test func thePickedLinesPrintAsWritten() async throws {
        let source = try open("{\"name\": \"a\",  \"n\": [1, 2]}\n{\"name\":\"b\"}\n").hierarchy
        let formatter = ItemFormatter(field: .json, idsArePaths: false)
        #expect(try await formatter.record(for: "/0", in: source) == Array("{\"name\": \"a\",  \"n\": [1, 2]}".utf8))
        #expect(try await formatter.record(for: "/0/n", in: source) == Array("[1, 2]".utf8))
        #expect(try await formatter.record(for: "/1/name", in: source) == Array("\"b\"".utf8))
    }

    /// A file of a few MiB shows its first lines, then the whole file, mapped rather than read into memory.
    @Test func aLongFileOpensWithItsFirstLinesAndGrowsToTheWhole() async throws {
        let text = (0..<60_000).map { $0 == 40_000 ? "{not json" : "{\"name\":\"event \($0)\",\"n\":\($0)}" }.joined(separator: "\n") + "\n"
        #expect(text.utf8.count > FileMapping.threshold)
        let opened = try open(text, streaming: true)
        let growing = try #require(opened.hierarchy as? GrowingJSONLines)
        for _ in 0..<500 where !growing.isComplete { try await Task.sleep(nanoseconds: 10_000_000) }
        #expect(growing.isComplete)
        #expect(growing.document.bytes.isMapped)
        let changes = ChangeLog()
        growing.observeChanges { changes.append($0) }
        #expect(changes.all.contains { if case .completed(let problem) = $0 { problem == "1 malformed line" } else { false } })
        #expect(try await growing.numberOfChildren(of: "") == 60_000)
        #expect(try await growing.item("/59999").content.title == "event 59999")
        #expect(try await growing.location(of: "/59999").line == 60_000)
        #expect(try await growing.item("/7").content.title == "event 7")
    }

    /// A file rewritten in place between its first part and the rest (its second line now a byte on) is not
    /// mapped under the first part's index: that index would point into the other text.
    @Test func aFileRewrittenBeforeItsRestIsReadKeepsItsFirstLinesIndexOnTheirBytes() async throws {
        let path = temporaryPath("rewritten.jsonl")
        defer { unlink(path) }
        let lines = (0..<60_000).map { "{\"name\":\"event \($0)\",\"n\":\($0)}" }
        try SourceFileFixture.write(lines.joined(separator: "\n") + "\n", to: path)
        let request = SourceRequest(path: path)
        let opened = try SourceOpener.open(request, streaming: true)
        let growing = try #require(opened.hierarchy as? GrowingJSONLines)
        // The same length (a longer file is not mapped: its size changed), the second line one byte on.
        var other = lines
        other[0] = lines[0].replacingOccurrences(of: "event 0", with: "event 0 ")
        other[1] = lines[1].replacingOccurrences(of: "event 1", with: "event1")
        let handle = try #require(FileHandle(forWritingAtPath: path))
        handle.write(Data((other.joined(separator: "\n") + "\n").utf8))
        try handle.close()
        request.firstFrame.open()
        for _ in 0..<500 where !growing.isComplete { try await Task.sleep(nanoseconds: 10_000_000) }
        #expect(growing.isComplete)
        #expect(try await growing.item("/1").content.title == "event 1")
        #expect(try await growing.children(of: "/1").map(\.content.title) == ["name", "n"])
    }

    @Test func linesWrittenToAPipeAppearAsTheyCome() async throws {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        // Not inherited by the processes other tests start, which would keep the pipe open past close().
        _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(ends[1], F_SETFD, FD_CLOEXEC)
        defer { close(ends[0]) }
        let write = { (text: String) in _ = text.withCString { Foundation.write(ends[1], $0, strlen($0)) } }
        write("{\"name\":\"first\"}\n{\"name\":\"second\"}\n")
        let opened = try SourceOpener.open(SourceRequest(path: "/dev/fd/\(ends[0])"), streaming: true)
        #expect(opened.format == .jsonl)
        let growing = try #require(opened.hierarchy as? GrowingJSONLines)
        let changes = ChangeLog()
        growing.observeChanges { changes.append($0) }
        #expect(try await growing.numberOfChildren(of: "") == 2)
        write("{\"name\":\"third\"}\n")
        for _ in 0..<300 where try await growing.numberOfChildren(of: "") != 3 { try await Task.sleep(nanoseconds: 10_000_000) }
        #expect(try await growing.item("/2").content.title == "third")
        #expect(!growing.isComplete)
        close(ends[1])
        for _ in 0..<300 where !growing.isComplete { try await Task.sleep(nanoseconds: 10_000_000) }
        #expect(growing.isComplete)
        #expect(changes.count >= 2)
    }
}

/// The changes a source reported, from any thread.
final class ChangeLog: @unchecked Sendable {
    private let lock = NSLock()
    private var changes: [SourceChange] = []

    func append(_ change: SourceChange) {
        lock.lock()
        changes.append(change)
        lock.unlock()
    }

    var count: Int {
        lock.lock()
        defer { lock.unlock() }
        return changes.count
    }

    /// The changes so far, in order.
    var all: [SourceChange] {
        lock.lock()
        defer { lock.unlock() }
        return changes
    }
}
