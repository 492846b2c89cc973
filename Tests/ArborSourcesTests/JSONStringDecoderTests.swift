import ArborCore
@testable import ArborSources
import Testing

/// Strings decoded where they lie, into storage of their own size: every escape, surrogate pairs and lone
/// halves, bytes that are not UTF-8, from keys and values of the full parser and the index alike.
@Suite("JSON strings decoded once, where they lie")
struct JSONStringDecoderTests {
    /// Pieces of a string as JSON spells them, each with the text it stands for wherever it stands (a lone high
    /// half is followed by `x`, so that no escape after it can be read as its low half).
    static let pieces: [(spelled: [UInt8], text: String)] = [
        (Array("plain words".utf8), "plain words"), (Array("日本語 é".utf8), "日本語 é"), ([0xFF], "\u{FFFD}"),
        (Array(#"\""#.utf8), "\""), (Array(#"\\"#.utf8), "\\"), (Array(#"\/"#.utf8), "/"), (Array(#"\b"#.utf8), "\u{08}"),
        (Array(#"\f"#.utf8), "\u{0C}"), (Array(#"\n"#.utf8), "\n"), (Array(#"\r"#.utf8), "\r"), (Array(#"\t"#.utf8), "\t"),
        (Array(#"\u00e9"#.utf8), "é"), (Array(#"\u65E5"#.utf8), "日"), (Array(#"\u0000"#.utf8), "\u{00}"),
        (Array(#"\ud83c\udf33"#.utf8), "🌳"), (Array(#"\uD83Cx"#.utf8), "\u{FFFD}x"), (Array(#"\udf33"#.utf8), "\u{FFFD}"),
        (Array(#"\ud83c\u0041"#.utf8), "\u{FFFD}A"), (Array(#"\ud83c\ud83cx"#.utf8), "\u{FFFD}\u{FFFD}x"),
    ]

    @Test func randomStringsReadAsTheirPieces() throws {
        var generator = SeededGenerator(seed: 71)
        for _ in 0..<2_000 {
            var spelled: [UInt8] = [], text = ""
            for _ in 0..<Int.random(in: 0...12, using: &generator) {
                let piece = Self.pieces.randomElement(using: &generator)!
                spelled += piece.spelled
                text += piece.text
            }
            let string = [UInt8(ascii: "\"")] + spelled + [UInt8(ascii: "\"")]
            let document = Array(#"{"k": "#.utf8) + string + Array(", ".utf8) + string + Array(": [".utf8) + string + Array("]}".utf8)
            let parsed = try JSONDocument.parse(document)
            #expect(parsed.nodes.dropFirst().map(\.text) == [text, "", text], "\(String(decoding: spelled, as: UTF8.self))")
            #expect(parsed.nodes.dropFirst().map(\.key) == ["k", text, nil])
            let lazy = try #require(LazyJSONDocument(bytes: document, name: "strings"))
            let members = lazy.index.members(of: 0, in: 0..<2, bytes: lazy.bytes)
            #expect(members.map { lazy.text(of: $0.key!) } == ["k", text])
            #expect(lazy.text(of: members[0].value) == text)
        }
    }

    /// A string of megabytes, mostly escapes, reads as its pieces: its text is written past the first page of
    /// its storage, which is sized from its spelling.
    @Test func aLongStringOfEscapesReadsWhole() throws {
        var spelled: [UInt8] = [], text = ""
        for number in 0..<200_000 {
            let piece = Self.pieces[number % Self.pieces.count]
            spelled += piece.spelled
            text += piece.text
        }
        let parsed = try JSONDocument.parse([UInt8(ascii: "["), UInt8(ascii: "\"")] + spelled + Array("\"]".utf8))
        #expect(parsed.nodes[1].text == text)
    }

    /// A find keeps a value's first MiB: a string of megabytes, with escapes or without, is a prefix of its text
    /// in the find's page, cut before a character, never a character split.
    @Test func aFindKeepsTheFirstMiBOfALongValue() async throws {
        var spelled: [UInt8] = [], text = ""
        for number in 0..<400_000 {
            let piece = Self.pieces[(number * 7) % Self.pieces.count]
            spelled += piece.spelled
            text += piece.text
        }
        let plain = String(repeating: "日本語 words ", count: 200_000)
        let document = Array(#"{"escaped": ""#.utf8) + spelled + Array(#"", "plain": ""#.utf8) + Array(plain.utf8) + Array(#""}"#.utf8)
        let lazy = try #require(LazyJSONDocument(bytes: document, name: "long"))
        let entries = try await lazy.searchEntries(ofChildrenOf: "", in: nil, fields: [.title, .body])
        for (entry, (key, value)) in zip(entries, [("escaped", text), ("plain", plain)]) {
            let searched = try #require(entry.text.split(separator: "\u{1F}", maxSplits: 1).last.map(String.init))
            #expect(entry.text.hasPrefix(key + "\u{1F}"))
            #expect(searched.utf8.count <= LongText.limit && searched.utf8.count > LongText.limit - 16)
            #expect(value.hasPrefix(searched))
        }
        #expect(entries.count == 2)
    }

    /// A container's fields hold a long member's first MiB, read whole or through the index alike; the member's
    /// own item holds its whole value.
    @Test func aContainersFieldsHoldALongValuesFirstMiB() async throws {
        let long = String(repeating: "caf\u{E9} \u{65E5}\u{672C} ", count: 150_000)
        let spelled = long.replacingOccurrences(of: "\u{E9}", with: "\\u00e9")
        let bytes = Array(#"{"n": 1, "long": ""#.utf8) + Array(spelled.utf8) + Array(#"", "plain": ""#.utf8) + Array(long.utf8) + Array(#""}"#.utf8)
        let lazy = try #require(LazyJSONDocument(bytes: bytes, name: "doc"))
        let full = JSONDocumentBuilder().hierarchy(from: try JSONDocument.parse(bytes), name: "doc")
        let fields = try await lazy.item("").content.fields
        #expect(fields.map(\.name) == ["n", "long", "plain"])
        for field in fields.dropFirst() {
            #expect(field.value.utf8.count <= LongText.limit && field.value.utf8.count > LongText.limit - 16)
            #expect(long.hasPrefix(field.value))
        }
        #expect(try await full.item("").content.fields == fields)
        #expect(try await lazy.item("/long").content.scalar?.text == long)
        #expect(try await lazy.item("/plain").content.scalar?.text == long)
        // Bytes that are not UTF-8, near the cut or throughout, and a number past a MiB: the same both ways.
        let limit = LongText.limit
        for value in [Array(repeating: UInt8(ascii: "a"), count: limit - 100) + Array(repeating: 0x80, count: 200),
                      Array(repeating: 0xFF, count: 400_000), Array(repeating: UInt8(ascii: "a"), count: limit + 10) + [0xE6, 0x97, 0xA5]] {
            let bytes = Array(#"{"k": ""#.utf8) + value + Array(#"", "n": 1"#.utf8) + Array(repeating: UInt8(ascii: "7"), count: limit + 5) + [UInt8(ascii: "}")]
            let lazy = try #require(LazyJSONDocument(bytes: bytes, name: "doc"))
            let full = JSONDocumentBuilder().hierarchy(from: try JSONDocument.parse(bytes), name: "doc")
            let fields = try await lazy.item("").content.fields
            #expect(try await full.item("").content.fields == fields)
            #expect(fields.allSatisfy { $0.value.utf8.count <= limit })
        }
    }

    /// A text cut at any limit is a start of the whole text, never longer than the limit in the bytes written (a
    /// cut falls before an escape that would pass it), and not much shorter.
    @Test func aTextCutAtAnyLimitIsTheStartOfTheWholeText() {
        var generator = SeededGenerator(seed: 73)
        for _ in 0..<400 {
            var spelled: [UInt8] = []
            for _ in 0..<Int.random(in: 1...16, using: &generator) {
                // Bytes that are not UTF-8 are left out: repaired, they grow past the bytes that spell them.
                spelled += Self.pieces.filter { $0.spelled != [0xFF] }.randomElement(using: &generator)!.spelled
            }
            spelled.withUnsafeBufferPointer { bytes in
                let whole = JSONStringDecoder.text(bytes, from: 0, to: bytes.count)
                for limit in 1...48 {
                    let cut = JSONStringDecoder.text(bytes, from: 0, to: bytes.count, limit: limit)
                    #expect(whole.utf8.starts(with: cut.utf8) && cut.utf8.count <= limit, "\(limit): \(String(decoding: spelled, as: UTF8.self))")
                    #expect(whole.utf8.count <= limit || cut.utf8.count >= limit - 9)
                }
            }
        }
    }

    /// Without escapes a cut keeps every character whose bytes fit, the last one too when the limit falls just
    /// past it.
    @Test func aCutKeepsEveryCharacterThatFits() {
        let text = "ab日本é語x🌳y"
        var prefixes = [""]
        for scalar in text.unicodeScalars { prefixes.append(prefixes.last! + String(scalar)) }
        Array(text.utf8).withUnsafeBufferPointer { bytes in
            for limit in 1...bytes.count {
                let expected = prefixes.last { $0.utf8.count <= limit }!
                #expect(JSONStringDecoder.text(bytes, from: 0, to: bytes.count, limit: limit) == expected, "\(limit)")
            }
        }
    }

    /// A malformed string is still refused, at the letter of its bad escape.
    @Test func aBadEscapeAfterGoodOnesIsWhereTheErrorIs() {
        #expect(throws: JSONSyntaxError(message: "invalid escape '\\q'", line: 1, column: 12, offset: 11)) {
            try JSONDocument.parse(Array(#"["\u00e9\n\q"]"#.utf8))
        }
    }
}
