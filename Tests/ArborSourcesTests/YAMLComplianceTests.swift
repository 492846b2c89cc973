import ArborCore
import ArborPath
@testable import ArborSources
import Foundation
import Testing

/// The YAML test suite: every valid case reads to the values of its `in.json`, every error case is refused with
/// a line and a column; the cases Arbor does not pass yet are listed in `known-failures.txt` with why, and a
/// listed case that passes fails the test until it is taken off the list.
@Suite("YAML compliance (yaml-test-suite)")
struct YAMLComplianceTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("YAMLCompliance")

    /// Every case's folder under `cases` (`229Q`, `2G84/00`).
    static var cases: [String] {
        let root = folder.appendingPathComponent("cases").path
        let all = FileManager.default.enumerator(atPath: root)?.compactMap { $0 as? String } ?? []
        return all.filter { $0.hasSuffix("/in.yaml") }.map { String($0.dropLast("/in.yaml".count)) }.sorted()
    }

    /// The cases listed as not passing yet, by name.
    static var knownFailures: Set<String> {
        let text = (try? String(contentsOf: folder.appendingPathComponent("known-failures.txt"), encoding: .utf8)) ?? ""
        return Set(text.split(separator: "\n").filter { !$0.hasPrefix("#") && !$0.isEmpty }.map { String($0.split(separator: " ")[0]) })
    }

    /// Why a case fails, or nil when it passes.
    static func failure(of name: String) -> String? {
        let place = folder.appendingPathComponent("cases").appendingPathComponent(name)
        guard let yaml = try? Data(contentsOf: place.appendingPathComponent("in.yaml")) else { return "unreadable" }
        let isError = FileManager.default.fileExists(atPath: place.appendingPathComponent("error").path)
        let documents: [JSONDocument]
        do {
            documents = try YAMLLoader.documents(Array(yaml), origin: name)
        } catch {
            if isError {
                let placed = error.message.range(of: "^\(name):[0-9]+:[0-9]+: invalid YAML: ", options: .regularExpression) != nil
                return placed ? nil : "refused without a line and column: \(error.message)"
            }
            return "refused: " + error.message.replacingOccurrences(of: name + ":", with: "")
        }
        if isError { return "accepted, though the YAML is invalid" }
        guard let json = try? Data(contentsOf: place.appendingPathComponent("in.json")) else { return nil }
        let expected: [JSONDocument]
        do {
            expected = try topValues(Array(json)).map { bytes throws(SourceLoadError) in try JSONTreeReader.parse(bytes, origin: "in.json") }
        } catch {
            return "in.json unreadable: \(error.message)"
        }
        guard expected.count == documents.count else { return "\(documents.count) documents read, \(expected.count) expected" }
        for (read, wanted) in zip(documents, expected) where !same(read, 0, wanted, 0) { return "values differ from in.json" }
        return nil
    }

    @Test func everyCaseIsPassedOrListedWithWhy() {
        let cases = Self.cases
        #expect(cases.count == 402, "the vendored suite")
        let known = Self.knownFailures
        var unlisted: [String] = []
        var passing: [String] = []
        for name in cases {
            let failure = Self.failure(of: name)
            if let failure, !known.contains(name) { unlisted.append("\(name) \(failure)") }
            if failure == nil, known.contains(name) { passing.append(name) }
        }
        #expect(unlisted.isEmpty, "fail and are not listed:\n\(unlisted.joined(separator: "\n"))")
        #expect(passing.isEmpty, "pass now: take them off known-failures.txt: \(passing.joined(separator: " "))")
    }

    @Test func theTranscoderForTheIndexReadsEveryCaseAsTheWholeStreamReaderDoes() throws {
        var transcoded = 0, blockRead = 0
        for name in Self.cases {
            let place = Self.folder.appendingPathComponent("cases").appendingPathComponent(name)
            let yaml = YAMLLoader.text(Array(try Data(contentsOf: place.appendingPathComponent("in.yaml"))))
            #expect(YAMLIndexCheck.agrees(yaml), "\(name): the fuzzing's check")
            #expect(YAMLIndexCheck.textIndexAgrees(yaml), "\(name): the index built as the text was written")
            if YAMLBlockReader.json(SourceBytes(yaml)) != nil { blockRead += 1 }
            guard let documents = try? YAMLLoader.documents(yaml, origin: name) else {
                // Refused, or left to the whole-stream reader, which refuses it.
                #expect((try? YAMLTranscoder.json(yaml, limit: 1 << 24)) == nil, "\(name): refused by the reader")
                continue
            }
            guard let json = try YAMLTranscoder.json(yaml, limit: 1 << 24) else { continue }
            transcoded += 1
            let read = try JSONTreeReader.parse(json, origin: name)
            #expect(documents.count == 1 && Self.same(read, 0, documents[0], 0), "\(name): \(String(decoding: json, as: UTF8.self))")
        }
        #expect(transcoded > 150, "most cases are one document with a collection on top: \(transcoded)")
        // The suite is written to show every corner of YAML; the block style's share of it is about a third.
        #expect(blockRead > 45, "cases the block reader writes: \(blockRead)")
    }

    /// What a query reads from every valid case of one document is its `in.json`'s value, from the file read
    /// whole and through the index alike: numbers by their value (`0x1F` is 31), `True` is true, an alias its
    /// anchor's value.
    @Test func aQueryReadsEveryCaseAsItsInJSONSays() async throws {
        var compared = (whole: 0, indexed: 0)
        for name in Self.cases where !Self.knownFailures.contains(name) {
            let place = Self.folder.appendingPathComponent("cases").appendingPathComponent(name)
            guard !FileManager.default.fileExists(atPath: place.appendingPathComponent("error").path),
                  let json = try? Data(contentsOf: place.appendingPathComponent("in.json")), case let tops = Self.topValues(Array(json)),
                  tops.count == 1, let wanted = try? JSONPathValue(parsing: String(decoding: tops[0], as: UTF8.self)) else { continue }
            let yaml = Array(try Data(contentsOf: place.appendingPathComponent("in.yaml")))
            let path = FileManager.default.temporaryDirectory.appendingPathComponent("arbor-\(UUID().uuidString).yaml").path
            try Data(yaml).write(to: URL(fileURLWithPath: path))
            defer { try? FileManager.default.removeItem(atPath: path) }
            var request = SourceRequest(path: path)
            request.readsDocuments = true
            let opened: OpenedSource
            do {
                opened = try SourceOpener.open(request)
            } catch {
                Issue.record("\(name): \(error.message)")
                continue
            }
            let whole = try await Self.value(of: opened.hierarchy)
            #expect(Self.same(whole, wanted), "\(name), read whole: \(whole.compactJSON), in.json: \(wanted.compactJSON)")
            compared.whole += 1
            guard let text = try? YAMLTranscoder.json(YAMLLoader.text(yaml), limit: 1 << 24),
                  let indexed = JSONIndexing.open(SourceBytes(text), name: name, format: .document, mapping: FieldMapping()) else { continue }
            let value = try await Self.value(of: indexed.hierarchy)
            #expect(Self.same(value, wanted), "\(name), indexed: \(value.compactJSON), in.json: \(wanted.compactJSON)")
            compared.indexed += 1
        }
        #expect(compared.whole > 200 && compared.indexed > 150, "\(compared)")
    }

    /// The value a query of `$` reads from a source.
    static func value(of source: any HierarchySource) async throws -> JSONPathValue {
        let query = SourceQuery(try JSONPath("$"), source: source)
        let value: JSONPathValue? = await withCheckedContinuation { continuation in
            DispatchQueue(label: "query").async {
                var value: JSONPathValue?
                _ = query.forEachMatch { match in
                    value = match.value
                    return false
                }
                continuation.resume(returning: value)
            }
        }
        return try #require(value)
    }

    /// Whether two values are the same, an object's members in any order.
    static func same(_ left: JSONPathValue, _ right: JSONPathValue) -> Bool {
        switch (left, right) {
        case (.object(let mine), .object(let theirs)):
            guard mine.count == theirs.count else { return false }
            let named = Dictionary(theirs.map { ($0.key, $0.value) }) { first, _ in first }
            if named.count < theirs.count { return zip(mine, theirs).allSatisfy { $0.key == $1.key && same($0.value, $1.value) } }
            return mine.allSatisfy { member in named[member.key].map { same(member.value, $0) } ?? false }
        case (.array(let mine), .array(let theirs)):
            return mine.count == theirs.count && zip(mine, theirs).allSatisfy { same($0, $1) }
        default:
            return left == right
        }
    }

    @Test func aliasesKeptAsLinksLeadToWhatTheirCopiesHoldInEveryCase() throws {
        for name in Self.cases {
            let place = Self.folder.appendingPathComponent("cases").appendingPathComponent(name)
            #expect(YAMLIndexCheck.aliasesKeptAgree(Array(try Data(contentsOf: place.appendingPathComponent("in.yaml")))), "\(name)")
        }
    }

    @Test func aLargeFilesAnchorsTagsAndAliasesAreShownAsAFileReadWholeShowsThemInEveryCase() throws {
        var compared = 0, blockRead = 0
        for name in Self.cases {
            let yaml = Array(try Data(contentsOf: Self.folder.appendingPathComponent("cases").appendingPathComponent(name).appendingPathComponent("in.yaml")))
            #expect(YAMLIndexCheck.marksAgree(yaml), "\(name)")
            if yaml.contains(UInt8(ascii: "&")) || yaml.contains(UInt8(ascii: "!")) { compared += 1 }
            if YAMLBlockReader.text(SourceBytes(yaml)).map({ !$0.marks.isEmpty }) == true { blockRead += 1 }
        }
        #expect(compared > 40, "cases with anchors or tags: \(compared)")
        // Those of the block reader's style (anchors and tags of values, not of keys; no tag directives).
        #expect(blockRead > 8, "cases the block reader reads with their marks: \(blockRead)")
    }

    @Test(arguments: ["&a k: 1\nx: *a\ny: *a\n", "&a k: 1\nx: [*a, *a]\n", "- &a k: 1\n- *a\n- *a\n", "&a k: 1\nx: {p: *a}\ny: [*a]\n"])
    func theSecondAliasOfAnAnchoredKeyIsAnAliasOfTheFirstCopyAsInAFileReadWhole(text: String) {
        // Found in review: the file read whole links every alias of a key's anchor after the first to that first copy.
        #expect(YAMLIndexCheck.marksAgree(Array(text.utf8)))
    }

    @Test func aLargeDocumentsFirstPartIsShownAsAJSONDocumentsIs() async throws {
        var text = "kind: List\nitems:\n"
        for index in 0..<5_000 { text += "- name: svc-\(index)\n  ports: [80, 443]\n" }
        let json = try #require(YAMLTranscoder.firstPart(Array(text.utf8), of: JSONDocumentStream.partSize)).json
        let part = try #require(JSONDocumentStream.partial(json, name: "big.yaml", detecting: true, mapping: FieldMapping()))
        #expect(try await part.children(of: "").map(\.content.title) == ["kind", "items"])
        let shown = try await part.numberOfChildren(of: "/items") ?? 0
        #expect(shown > 100 && shown < 5_000, "the items of the first part: \(shown)")
        #expect(try await part.item("/items/7/name").content.scalar == ScalarValue(.string, "svc-7"))
        #expect(YAMLTranscoder.firstPart(Array("a: 1\n".utf8), of: JSONDocumentStream.partSize) == nil, "a small document is no part")
    }

    @Test(arguments: ["[&wY:*wY]", "&a 1: *a\n", "{&k key: v, other: *k}\n", "a: &x [1, {b: 2}]\nc: *x\n"])
    func anAliasOfAnAnchoredKeyIsTheScalarItNames(text: String) throws {
        // Found by fuzzing: an anchored key's alias as a value was written as the key's quoted text.
        #expect(YAMLIndexCheck.agrees(Array(text.utf8)))
    }

    /// Whether two values are the same: numbers by their value, nulls and booleans by their kind (`~`, `True`),
    /// strings by their text, elements in order, members by name.
    static func same(_ left: JSONDocument, _ at: Int32, _ right: JSONDocument, _ other: Int32) -> Bool {
        let (a, b) = (left.nodes[Int(at)], right.nodes[Int(other)])
        guard a.kind == b.kind, a.key == b.key else { return false }
        switch a.kind {
        case .array:
            let (mine, theirs) = (left.children(of: at), right.children(of: other))
            return mine.count == theirs.count && zip(mine, theirs).allSatisfy { same(left, $0, right, $1) }
        case .object:
            let (mine, members) = (left.children(of: at), right.children(of: other))
            let theirs = Dictionary(members.map { (right.nodes[Int($0)].key ?? "", $0) }) { first, _ in first }
            // A key written twice (YAML's `: a` and `: b`, two empty keys) is compared in order.
            if theirs.count < members.count {
                return mine.count == members.count && zip(mine, members).allSatisfy { same(left, $0, right, $1) }
            }
            return mine.count == theirs.count
                && mine.allSatisfy { child in theirs[left.nodes[Int(child)].key ?? ""].map { same(left, child, right, $0) } ?? false }
        case .number: return Double(a.text) == Double(b.text)
        case .null: return true
        case .bool: return a.text.lowercased() == b.text.lowercased()
        default: return a.text == b.text
        }
    }

    /// The top-level values of a JSON text holding several, one after another.
    static func topValues(_ bytes: [UInt8]) -> [[UInt8]] {
        var values: [[UInt8]] = []
        var at = 0
        while at < bytes.count {
            while at < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[at]) { at += 1 }
            guard at < bytes.count else { break }
            let start = at
            var depth = 0
            var inString = false
            repeat {
                let byte = bytes[at]
                if inString {
                    if byte == UInt8(ascii: "\\") { at += 1 } else if byte == UInt8(ascii: "\"") { inString = false }
                } else if byte == UInt8(ascii: "\"") {
                    inString = true
                } else if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") {
                    depth += 1
                } else if byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") {
                    depth -= 1
                } else if depth == 0, [0x20, 0x0A, 0x0D, 0x09].contains(byte) {
                    break
                }
                at += 1
            } while at < bytes.count && (depth > 0 || inString || ![0x20, 0x0A, 0x0D, 0x09].contains(bytes[at]) || at == start)
            values.append(Array(bytes[start..<min(at, bytes.count)]))
        }
        return values
    }
}
