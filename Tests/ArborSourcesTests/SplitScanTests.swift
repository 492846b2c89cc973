@testable import ArborSources
import Testing

/// A document scanned in two parts on two cores, split at a comma found by counting quotes, must give the index
/// of the one-pass scan, wherever the split falls: inside strings and escapes, numbers, keys, deep nesting,
/// long lists with checkpoints; and must decline every document the one-pass scan refuses.
@Suite("Document index scanned in two parts")
struct SplitScanTests {
    /// Random JSON with the characters that could fool a split: commas, quotes and brackets inside strings,
    /// escaped quotes and backslashes, numbers of every form, deep nesting, lists past the checkpoint stride.
    struct Generator {
        var state: UInt64

        mutating func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }

        mutating func space() -> String { ["", " ", "\n  ", "\t", "\r\n"][next(5)] }

        /// `document` with one byte removed, one of `breakers` inserted, or a byte replaced by one, at random.
        mutating func broken(_ document: [UInt8], by breakers: [UInt8]) -> [UInt8] {
            var broken = document
            let at = next(broken.count)
            switch next(3) {
            case 0: broken.remove(at: at)
            case 1: broken.insert(breakers[next(breakers.count)], at: at)
            default: broken[at] = breakers[next(breakers.count)]
            }
            return broken
        }

        mutating func string() -> String {
            let pieces = ["a", ",", "\\\"", "\\\\", "{", "]", ":", "é", "\\u0022", "\\\\\\\"", " ", "x,y", "\\n", "日本"]
            return "\"" + (0..<next(6)).map { _ in pieces[next(pieces.count)] }.joined() + "\""
        }

        mutating func value(depth: Int) -> String {
            let choice = depth > 5 ? next(4) : next(7)
            // Lists past the checkpoint stride only near the top, so that a document stays a few kilobytes.
            let long = depth == 1 && next(3) == 0
            switch choice {
            case 0: return string()
            case 1: return ["0", "-12", "3.25e+7", "1E-2", "-0.5", "12345678901234567890"][next(6)]
            case 2: return ["true", "false", "null"][next(3)]
            case 3: return next(2) == 0 ? "[]" : "{}"
            case 4, 5:
                let count = long ? 70 + next(80) : next(5)
                let items = (0..<count).map { _ in space() + value(depth: depth + 1) + space() }
                return "[" + items.joined(separator: ",") + "]"
            default:
                let count = long ? 65 + next(70) : next(5)
                let members = (0..<count).map { number in space() + "\"k\(number)\\\"," + "\"" + space() + ":" + space() + value(depth: depth + 1) }
                return "{" + members.joined(separator: ",") + space() + "}"
            }
        }
    }

    static func documents() -> [[UInt8]] {
        var generator = Generator(state: 42)
        var documents: [[UInt8]] = []
        while documents.count < 40 {
            let top = generator.next(2) == 0 ? "[" + (0..<3).map { _ in generator.value(depth: 1) }.joined(separator: ",") + "]"
                : "{\"a\":" + generator.value(depth: 1) + ",\"b\":" + generator.value(depth: 1) + "}"
            documents.append(Array(top.utf8))
        }
        let deep = String(repeating: "[{\"k\":", count: 300) + "1" + String(repeating: ",\"z\":2}, 3]", count: 300)
        documents.append(Array(deep.utf8))
        documents.append(Array(("\u{FEFF}[" + (0..<200).map { "\"s\\\"\($0),\"" }.joined(separator: ",") + "]").utf8))
        return documents
    }

    static func places(in document: [UInt8]) -> [Int] {
        document.count <= 3_000 ? Array(1..<document.count) : stride(from: 1, to: document.count, by: document.count / 300).map { $0 }
    }

    @Test func theDocumentsAreSmallButVaried() {
        let sizes = Self.documents().map(\.count)
        #expect(sizes.max()! < 400_000 && sizes.filter { $0 > 3_000 }.count > 5, "\(sizes)")
    }

    @Test func everySplitGivesTheOnePassIndex() {
        for document in Self.documents() {
            #expect(JSONDocumentSplitScan.agreesWithOnePass(document, splittingAt: Self.places(in: document)),
                    "\(String(decoding: document.prefix(120), as: UTF8.self))")
        }
    }

    @Test func aLargeDocumentIsScannedInTwoPartsOnTwoCores() throws {
        let bytes = Self.largeList()
        let split = try #require(bytes.withUnsafeBufferPointer { JSONDocumentSplitScan.scan($0, splitAt: $0.count / 2) })
        let whole = try #require(bytes.withUnsafeBufferPointer { JSONDocumentScanner.scan($0) })
        #expect(split.holdsTheSameContainers(as: whole))
        let document = try #require(LazyJSONDocument(bytes: bytes, name: "large"))
        #expect(document.index.holdsTheSameContainers(as: whole))
    }

    @Test func aLargeDocumentLeftToDetectionIsScannedInTwoPartsBesideTheTreeScan() throws {
        let bytes = Self.largeList()
        let whole = try #require(bytes.withUnsafeBufferPointer { JSONDocumentScanner.scan($0) })
        let opened = try #require(JSONIndexing.open(SourceBytes(bytes), name: "large", format: .json, mapping: FieldMapping()))
        #expect(opened.format == .document)
        let document = try #require(opened.hierarchy as? LazyJSONDocument)
        #expect(document.index.holdsTheSameContainers(as: whole))
        // Broken after the split: declined by the parts and by the one pass, as before.
        var broken = bytes
        broken[broken.count * 3 / 4] = UInt8(ascii: "}")
        #expect(JSONIndexing.open(SourceBytes(broken), name: "broken", format: .json, mapping: FieldMapping()) == nil)
    }

    @Test func aLargeTreeLeftToDetectionIsStillATree() async throws {
        var text = "{\"title\": \"root\", \"children\": ["
        var count = 0
        while text.utf8.count < JSONDocumentSplitScan.threshold + 1_000 {
            text += (count > 0 ? ", " : "") + "{\"title\": \"node \(count)\", \"children\": [{\"title\": \"leaf, \\\" ] }\"}]}"
            count += 1
        }
        let bytes = Array((text + "]}").utf8)
        let opened = try #require(JSONIndexing.open(SourceBytes(bytes), name: "tree", format: .json, mapping: FieldMapping()))
        #expect(opened.format == .tree)
        let root = try #require(try await opened.hierarchy.root())
        #expect(try await opened.hierarchy.numberOfChildren(of: root.id) == count)
    }

    /// A tree whose first object holds a value larger than the tree scan passes before its children array:
    /// the question is left to the document index, then asked again of the first object, and it is a tree.
    @Test(arguments: [2 << 20, JSONDocumentSplitScan.threshold + (1 << 20)])
    func aTreeWhoseFirstObjectHoldsALargeValueBeforeItsChildrenIsStillATree(size: Int) async throws {
        let filler = Self.largeValue(size)
        for (text, count) in [("{\"title\": \"root\", \"data\": \(filler), \"children\": [{\"title\": \"a\"}, {\"title\": \"b\"}]}", 2),
                              ("[{\"title\": \"first\", \"data\": \(filler), \"children\": [{\"title\": \"a\"}]}, {\"title\": \"second\"}]", 2)] {
            let opened = try #require(JSONIndexing.open(SourceBytes(Array(text.utf8)), name: "tree", format: .json, mapping: FieldMapping()))
            #expect(opened.format == .tree)
            let root = try #require(try await opened.hierarchy.root())
            #expect(try await opened.hierarchy.numberOfChildren(of: root.id) == count)
        }
    }

    /// A document whose first object holds large values and no children array is a document, read whole; broken
    /// past the large value, it is refused.
    @Test(arguments: [2 << 20, JSONDocumentSplitScan.threshold + (1 << 20)])
    func aDocumentWhoseFirstObjectHoldsLargeValuesIsADocument(size: Int) async throws {
        let filler = Self.largeValue(size)
        let text = "{\"statuses\": \(filler), \"more\": [1, {\"children\": 2}], \"children\": 3}"
        let bytes = Array(text.utf8)
        let opened = try #require(JSONIndexing.open(SourceBytes(bytes), name: "large", format: .json, mapping: FieldMapping()))
        #expect(opened.format == .document)
        let document = try #require(opened.hierarchy as? LazyJSONDocument)
        let whole = try #require(bytes.withUnsafeBufferPointer { JSONDocumentScanner.scan($0) })
        #expect(document.index.holdsTheSameContainers(as: whole))
        var broken = bytes
        broken[broken.count - 4] = UInt8(ascii: "]")
        #expect(JSONIndexing.open(SourceBytes(broken), name: "broken", format: .json, mapping: FieldMapping()) == nil)
    }

    /// An array of `size` bytes or so whose strings hold what looks like a children array and brackets.
    static func largeValue(_ size: Int) -> String {
        var text = "["
        var count = 0
        while text.utf8.count < size {
            text += (count > 0 ? ", " : "") + "{\"n\": \(count), \"s\": \"\\\"children\\\": [ {\\u00e9\"}"
            count += 1
        }
        return text + "]"
    }

    /// The generated documents (but the one with a byte order mark) as the elements of one list, past the size
    /// from which a document is split.
    static func largeList() -> [UInt8] {
        let parts = documents().filter { $0.first != 0xEF }
        var text = "["
        var documents = parts[...]
        while text.utf8.count < JSONDocumentSplitScan.threshold + 1_000 {
            if documents.isEmpty { documents = parts[...] }
            text += (text.utf8.count > 1 ? ",\n" : "") + String(decoding: documents.removeFirst(), as: UTF8.self)
        }
        return Array((text + "]").utf8)
    }

    @Test func mostPlacesSplit() {
        // A document with neither keys nor line breaks (a list of strings on one line) is scanned in one pass.
        for document in Self.documents() where document.count > 200 {
            let places = Self.places(in: document)
            guard document.contains(UInt8(ascii: ":")) else {
                #expect(JSONDocumentSplitScan.splits(document, at: places) == 0)
                continue
            }
            // Places past the last key or comma cannot split; most others do.
            #expect(JSONDocumentSplitScan.splits(document, at: places) > places.count / 2)
        }
    }

    @Test func brokenDocumentsAreDeclinedWhereverSplit() {
        var generator = Generator(state: 7)
        let breakers: [UInt8] = Array(",:{}[]\"\\ x0".utf8) + [0x0A, 0x01]
        for document in Self.documents().prefix(20) {
            for _ in 0..<30 {
                let broken = generator.broken(document, by: breakers)
                let places = stride(from: 1, to: broken.count, by: max(1, broken.count / 25)).map { $0 }
                #expect(JSONDocumentSplitScan.agreesWithOnePass(broken, splittingAt: places),
                        "\(String(decoding: broken.prefix(120), as: UTF8.self))")
            }
        }
    }

    @Test func theSplitIsTakenPastALineBreakOrAKey() {
        let text = Array("{\"a\\\"b\": \"c,\\\\\", \"d\": \"e\\\":f\", \"g\":\n [1, \"h\"]}".utf8)
        text.withUnsafeBufferPointer { bytes in
            let after = { (text: String) in Array(bytes).indices.first { Array(bytes)[$0...].starts(with: Array(text.utf8)) }! + text.utf8.count }
            let outside = { (place: Int) in JSONSplitPoint.outsideStrings(in: bytes, from: place, before: bytes.count) }
            // Inside "c,\\": past the colon of the next key.
            #expect(outside(text.firstIndex(of: UInt8(ascii: "c"))!) == after("\"d\":"))
            // An escaped quote before a colon is not a key's end; the next key's quote is.
            #expect(outside(text.firstIndex(of: UInt8(ascii: "e"))!) == after("\"g\":"))
            #expect(outside(after("\"g\":")) == after("\n"))
            // Inside the key a\"b: the quote before the colon ends it.
            #expect(outside(2) == after("b\":"))
            #expect(JSONSplitPoint.comma(in: bytes, from: after("\"d\":")) == after(":f\""))
            #expect(JSONSplitPoint.comma(in: bytes, from: after("\"g\":")) == after("[1"))
        }
        #expect(Array("[1, 2, 3]".utf8).withUnsafeBufferPointer { JSONSplitPoint.outsideStrings(in: $0, from: 1, before: $0.count) } == nil)
    }
}
