import ArborCore
import Testing

@Suite("A find's corpus keeps its full blocks compressed and reads back every text as it was")
struct CompressedCorpusTests {
    /// Titles of every kind a block meets: names that repeat (compressed well), random letters (LZ4 cannot
    /// shrink them, so their chunks stay as they are), empty ones, ones of 255 bytes and more, and non-ASCII.
    static func titles(count: Int, seed: UInt64) -> [String] {
        var random = SeededNumbers(seed: seed)
        let words = ["archive", "gamma", "café", "notes", "Straße", "日本語", "budget"]
        var titles: [String] = []
        for index in 0..<count {
            // Stretches of a few thousand entries of one kind, so that whole chunks are of one kind.
            switch (index / 3_000) % 4 {
            case 0: titles.append("f\(index % 10_000)_\(words[Int(random.next() % 7)]).txt")
            case 1: titles.append(String((0..<(8 + Int(random.next() % 24))).map { _ in Character(UnicodeScalar(UInt8(97 + random.next() % 26))) }))
            case 2: titles.append(index % 50 == 0 ? "" : "\(words[index % 7]) \(index)")
            default:
                let length = [254, 255, 256, 700, 3][Int(random.next() % 5)]
                titles.append(String(String(repeating: "notes \(index) ", count: length / 6 + 1).prefix(length)))
            }
        }
        return titles
    }

    @Test(arguments: [1, 2, 3])
    func everyEntryReadsBackAsItWasAcrossCompressedAndStoredChunks(seed: UInt64) async throws {
        let titles = Self.titles(count: 40_000, seed: seed)
        let snapshot = try await CorpusSearchTests.corpus(of: titles)
        #expect(snapshot.count == titles.count)
        let readBack = (0..<snapshot.count).map { snapshot.title(of: $0) }
        let same = readBack == titles
        #expect(same)
        let lengths = (0..<snapshot.count).allSatisfy { snapshot.textLength(of: $0) == titles[$0].utf8.count }
        #expect(lengths)
        // Read together, in any order and with repeats, as a find's matches and their paths are.
        var random = SeededNumbers(seed: seed)
        let asked = (0..<3_000).map { _ in Int(random.next() % UInt64(titles.count)) }
        let read = snapshot.titles(of: asked + asked.prefix(100))
        let together = read.count == Set(asked).count && asked.allSatisfy { read[$0] == titles[$0] }
        #expect(together)
    }

    @Test(arguments: ["archive", "f12", "'café", "^f1", "txt$", "qz", "Straße 3", "!gamma", "日本"])
    func aScanOverCompressedBlocksFindsWhatTheMatcherAcceptsTextByText(query: String) async throws {
        let titles = Self.titles(count: 40_000, seed: 7)
        let snapshot = try await CorpusSearchTests.corpus(of: titles)
        let matcher = TextMatcher(query)
        var search = CorpusSearch(matcher, fields: .title, limit: nil)
        // Passes of odd sizes, so that they begin and end inside chunks.
        while search.scanned < snapshot.count { search.scan(snapshot, maximum: 4_999) }
        let found = Set(search.ranked.map { Int($0.entry) })
        let expected = Set(titles.indices.filter { matcher.matches(titles[$0]) })
        let same = found == expected
        #expect(same)
        #expect(search.total == expected.count)
    }

    @Test func fullBlocksOfNamesThatRepeatTakeAFractionOfTheirBytes() async throws {
        let titles = (0..<(3 * 16_384)).map { "f\($0 % 10_000)_archive.txt" }
        let snapshot = try await CorpusSearchTests.corpus(of: titles)
        let raw = titles.reduce(0) { $0 + $1.utf8.count }
        #expect(snapshot.storedTextBytes < raw / 3)
    }

    @Test func randomLettersAreStoredAsTheyAre() async throws {
        var random = SeededNumbers(seed: 11)
        let titles = (0..<(2 * 16_384)).map { _ in
            String((0..<24).map { _ in Character(UnicodeScalar(UInt8(33 + random.next() % 94))) })
        }
        let snapshot = try await CorpusSearchTests.corpus(of: titles)
        let raw = titles.reduce(0) { $0 + $1.utf8.count }
        #expect(snapshot.storedTextBytes == raw)
        let same = (0..<snapshot.count).allSatisfy { snapshot.title(of: $0) == titles[$0] }
        #expect(same)
    }
}

/// A seeded sequence of numbers (a linear congruential generator's high bits), so that a failure repeats.
struct SeededNumbers {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return state >> 33
    }
}
