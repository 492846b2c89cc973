@testable import ArborSources
import Testing

/// The document scan reads strings eight bytes at a time: at every alignment of the bytes (strings, escapes,
/// numbers and literals across a word's edge, an escape in a word's last byte, the input's end inside a word) it
/// must accept what the full parser accepts and index each container where its brackets are, and refuse what the
/// parser refuses; a value scanned alone ends where its bytes do.
@Suite("Document scan against the full parser")
struct DocumentScanAgreementTests {
    /// The containers the full parser finds, in document order: kind, member count, parent's place in this list
    /// and position among the parent's members.
    static func containers(of document: JSONDocument) -> [(isObject: Bool, members: Int32, parent: Int32, position: Int32)] {
        var numbers: [Int32: Int32] = [:]
        var positions: [Int32: Int32] = [0: 0]
        var result: [(isObject: Bool, members: Int32, parent: Int32, position: Int32)] = []
        for (offset, node) in document.nodes.enumerated() where node.kind == .object || node.kind == .array {
            for (position, child) in document.children(of: Int32(offset)).enumerated() { positions[child] = Int32(position) }
            numbers[Int32(offset)] = Int32(result.count)
            result.append((node.kind == .object, node.childCount, node.parent < 0 ? -1 : numbers[node.parent]!, positions[Int32(offset)]!))
        }
        return result
    }

    /// Checks the scan of `bytes` against the full parser: the same verdict and, when well-formed, the same
    /// containers, each spanning bytes that parse as one value.
    static func agrees(_ bytes: [UInt8]) -> Bool {
        let parsed = try? JSONDocument.parse(bytes)
        let index = bytes.withUnsafeBufferPointer { JSONDocumentScanner.scan($0) }
        guard let parsed, let top = parsed.nodes.first, top.kind == .object || top.kind == .array else { return index == nil }
        guard let index else { return false }
        let expected = containers(of: parsed)
        guard index.count == expected.count else { return false }
        return expected.enumerated().allSatisfy { number, container in
            let (start, end) = (index.start[number], index.end(number))
            return bytes[start] == (container.isObject ? UInt8(ascii: "{") : UInt8(ascii: "["))
                && bytes[end - 1] == (container.isObject ? UInt8(ascii: "}") : UInt8(ascii: "]"))
                && index.memberCount[number] == Int(container.members) && index.parent[number] == container.parent
                && index.position(of: Int32(number)) == container.position
                && (try? JSONDocument.parse(Array(bytes[start..<end]))) != nil
        }
    }

    static let pieces = [
        #"{"a\"b": "c\\", "d": [1, -2.5e+3, true, false, null], "é": "\u00e9\n"}"#,
        #"[" \\\" ", {"k": {}}, [], "x,y:z{}[]", 12345678901234567890, "\/\b\f\r\t"]"#,
        #"{"long": "\#(String(repeating: "abcdefgh", count: 20))", "n": 0}"#,
        #"[[[[{"deep": [[["\\\\\\\""]]]}]]]]"#,
    ]

    @Test func everyAlignmentIsIndexedAsTheParserReadsIt() {
        for piece in Self.pieces {
            for shift in 0..<70 {
                let text = String(repeating: " ", count: shift) + piece + "\n"
                #expect(Self.agrees(Array(text.utf8)), "\(shift): \(piece)")
                let wrapped = "[" + String(repeating: "1,", count: shift) + piece + "," + piece + "]"
                #expect(Self.agrees(Array(wrapped.utf8)), "\(shift): \(piece)")
            }
        }
    }

    @Test func malformedStringsAreRefusedAtEveryAlignment() {
        let broken = [
            "[\"a\u{01}b\"]", #"["a\xb"]"#, #"["a\u12"]"#, #"["a\u12g4"]"#, #"["abc\"#, #"["abc"#, #"{"a": "b\"}"#,
            "[\"tab\tin string\"]", #"["a" "b"]"#, #"[truex]"#, #"[1 2]"#, #"[1.]"#, #"["a"x]"#, #"[\"a"]"#,
            #"{"a" 1}"#, #"{"a":}"#, #"[1,]"#, #"{"a":1,}"#, "[]\u{01}", #"[] x"#, #"{} \q"#, #"[-]"#, #"{1: 2}"#,
        ]
        for text in broken {
            for shift in 0..<66 {
                let bytes = Array((String(repeating: " ", count: shift) + text).utf8)
                #expect(bytes.withUnsafeBufferPointer { JSONDocumentScanner.scan($0) } == nil, "\(shift): \(text)")
                #expect(Self.agrees(bytes), "\(shift): \(text)")
            }
        }
    }

    @Test func randomDocumentsAndTheirBreakagesAgreeWithTheParser() {
        var generator = SplitScanTests.Generator(state: 11)
        let breakers: [UInt8] = Array(",:{}[]\"\\ xu0e.-".utf8) + [0x0A, 0x01, 0x1F]
        for document in SplitScanTests.documents().prefix(25) {
            #expect(Self.agrees(document))
            for _ in 0..<40 {
                let broken = generator.broken(document, by: breakers)
                #expect(Self.agrees(broken), "\(String(decoding: broken.prefix(120), as: UTF8.self))")
            }
        }
    }

    @Test func countsPlacesAndLengthsPastWhatTheirNarrowFormsHoldAreKeptWhole() {
        // Containers among scalars past many strides of 64 members, 300 members (past a byte), a container of
        // 100 KB (past two bytes), an object of 70 nested objects, nested at several depths.
        let list = (0..<300).map { $0 % 3 == 0 ? "{\"n\": \($0)}" : $0 % 3 == 1 ? "\($0)" : "[\($0)]" }.joined(separator: ",")
        let object = (0..<70).map { "\"k\($0)\": {\"v\": [\($0)]}" }.joined(separator: ", ")
        let long = "[\"" + String(repeating: "x", count: 100_000) + "\", {\"after\": [1]}]"
        let text = "{\"list\": [\(list)], \"object\": {\(object)}, \"long\": \(long), \"deep\": [[\(list)], {\"in\": [\(list)]}]}"
        #expect(Self.agrees(Array(text.utf8)))
        let index = try! #require(Array(text.utf8).withUnsafeBufferPointer { JSONDocumentScanner.scan($0) })
        #expect(index.memberCount[1] == 300)
        #expect((0..<index.count).contains { index.end($0) - index.start[$0] > 100_000 })
        let places = SplitScanTests.places(in: Array(text.utf8))
        #expect(JSONDocumentSplitScan.agreesWithOnePass(Array(text.utf8), splittingAt: places))
        #expect(JSONDocumentSplitScan.splits(Array(text.utf8), at: places) > 100)

        // The lines of JSON Lines are placed by their starts: line 150's object is member 150 of the list.
        let lines = (0..<200).map { $0 % 2 == 0 ? "{\"line\": [\($0)]}" : "\($0)" }.joined(separator: "\n")
        var scanner = JSONLinesScanner(inputSize: lines.utf8.count)
        Array(lines.utf8).withUnsafeBufferPointer { scanner.scan($0, final: true) }
        let lineIndex = scanner.index
        let placed = (1..<lineIndex.count).filter { lineIndex.parent[$0] == 0 }.map { lineIndex.position(of: Int32($0)) }
        #expect(placed == Array(stride(from: 0, to: 200, by: 2)))
    }

    @Test func aValueScannedAloneEndsWhereItsBytesDo() {
        let text = Array(#"{"a": "x"} "s\"" 12 [1] true"#.utf8)
        var stack: [JSONDocumentScanner.Frame] = []
        var index = JSONDocumentIndex(inputSize: text.count)
        var ends: [Int] = []
        text.withUnsafeBufferPointer { bytes in
            var position = 0
            while position < bytes.count {
                JSONGrammar.skipSpace(bytes, &position)
                guard JSONDocumentScanner.scanValue(bytes, &position, into: &index, parent: -1, position: 0, stack: &stack) else { break }
                ends.append(position)
            }
        }
        #expect(ends == [10, 16, 19, 23, 28])
    }
}
