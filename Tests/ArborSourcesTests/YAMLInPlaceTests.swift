import ArborCore
@testable import ArborSources
import CYAMLEvents
import Foundation
import Testing

/// A large YAML file the parser's events read (not the block style) is read where it lies: a mapped file is not
/// copied when it is UTF-8, and its pages are given back behind the parser as a scan's are.
@Suite("A large YAML file read in place by the parser", .serialized)
struct YAMLInPlaceTests {
    /// Whether `bytes` are UTF-8 by the standard library's reckoning.
    static func isUTF8(_ bytes: [UInt8]) -> Bool { String(validating: bytes, as: UTF8.self) != nil }

    @Test(arguments: [
        [], Array("plain ASCII, longer than eight bytes".utf8), Array("héllo — ✓ 日本語 😀".utf8),
        [0xC0, 0x80], [0xC1, 0xBF], [0xE0, 0x80, 0x80], [0xE0, 0x9F, 0xBF], [0xED, 0xA0, 0x80], [0xED, 0x9F, 0xBF],
        [0xF0, 0x8F, 0xBF, 0xBF], [0xF4, 0x90, 0x80, 0x80], [0xF4, 0x8F, 0xBF, 0xBF], [0xF5, 0x80, 0x80, 0x80],
        [0x80], [0xBF], [0xE2, 0x82], [0x41, 0x41, 0x41, 0x41, 0x41, 0x41, 0x41, 0xE2, 0x82], [0xFF], [0xFE],
        Array("abcdefg".utf8) + [0xC3, 0xA9] + Array("abcdefgh".utf8) + [0xF0, 0x9F, 0x98],
    ] as [[UInt8]])
    func theValidatorAgreesWithTheStandardLibrary(bytes: [UInt8]) {
        #expect((arbor_yaml_is_utf8(bytes, Int64(bytes.count)) == 1) == Self.isUTF8(bytes), "\(bytes)")
    }

    @Test func theValidatorAgreesOnRandomBytes() {
        var generator = SystemRandomNumberGenerator()
        let alphabet: [UInt8] = [0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC2, 0xDF, 0xE0, 0xED, 0xEF, 0xF0, 0xF4, 0xF5, 0xFF]
        for _ in 0..<20_000 {
            let bytes = (0..<Int.random(in: 0..<12, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }
            #expect((arbor_yaml_is_utf8(bytes, Int64(bytes.count)) == 1) == Self.isUTF8(bytes), "\(bytes)")
        }
    }

    @Test func bytesThatAreNotUTF8AreCopiedWithReplacements() {
        let mapped = SourceBytes(Array("a: \u{e9}".utf8) + [0xFF])
        #expect(Array(YAMLLoader.text(mapped)) == Array("a: \u{e9}\u{FFFD}".utf8))
    }

    @Test func aMappedInputGivesTheTextAnArrayGives() throws {
        let yaml = "d: &d {image: x}  # defaults\njobs: [\n" + (0..<20_000).map { "  {name: job-\($0), base: *d, when: !manual on_success},  # \($0)\n" }.joined() + "  ]\n"
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("arbor-in-place-\(UUID().uuidString).yaml").path
        try Data(yaml.utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let descriptor = open(path, O_RDONLY)
        defer { close(descriptor) }
        let mapped = try #require(FileMapping.map(descriptor, size: yaml.utf8.count, path: path))
        let fromMapping = try #require(try YAMLTranscoder.text(YAMLLoader.text(mapped), limit: 1 << 30, spillingTo: nil))
        let fromArray = try #require(try YAMLTranscoder.text(Array(yaml.utf8), limit: 1 << 30))
        #expect(Array(fromMapping.json) == fromArray.json)
        let differing = (0..<fromArray.json.count).filter { offset in
            let (mine, theirs) = (fromMapping.marks[offset], fromArray.marks[offset])
            return mine?.anchor != theirs?.anchor || mine?.tag != theirs?.tag || mine?.alias != theirs?.alias
                || mine?.link != theirs?.link || mine?.comment != theirs?.comment
        }
        #expect(differing.isEmpty)
        // The marks were compared where there are some: the anchored value's comment among them.
        #expect((0..<fromArray.json.count).contains { fromArray.marks[$0]?.comment == "defaults" })
    }

    @Test(arguments: [
        // Aliases of a collection written out long before them, read back from the file.
        "base: &b {image: \"x\", args: [--port, 80], env: {A: 1}}\nfiller: [\n" + (0..<400).map { "  item-\($0),\n" }.joined()
            + "  ]\njobs:\n" + (0..<300).map { "  - {name: j\($0), base: *b, when: !manual on_success}  # \($0)\n" }.joined(),
        // A key with an anchor, repeated as a value; a scalar longer than the window.
        "&k key: v\nother: *k\nlong: \"\(String(repeating: "a long value ", count: 40))\"\nagain: [*k, *k]\n",
        // Flow collections over lines, which the block reader gives way on, and nested aliases.
        "a: &a [1,\n  2]\nb: &b {x: *a,\n  y: *a}\nc: [*b, *b,\n  *a]\n",
    ])
    func theTextWrittenToAFileIsTheTextHeld(yaml: String) throws {
        let bytes = SourceBytes(Array(yaml.utf8))
        let place = SpilledText.Place(directory: try #require(SpilledText.directory), window: 61)
        let held = try #require(try YAMLTranscoder.text(bytes, limit: 1 << 30, spillingTo: nil))
        let written = try #require(try YAMLTranscoder.text(bytes, limit: 1 << 30, spillingTo: place))
        #expect(try SpilledTextTests.mappingName(at: SpilledTextTests.base(of: written.json)).hasSuffix("(deleted)"), "an unnamed file's")
        #expect(String(decoding: Array(written.json), as: UTF8.self) == String(decoding: Array(held.json), as: UTF8.self))
        let differing = (0..<held.json.count).filter { offset in
            let (mine, theirs) = (written.marks[offset], held.marks[offset])
            return mine?.anchor != theirs?.anchor || mine?.alias != theirs?.alias || mine?.link != theirs?.link || mine?.comment != theirs?.comment
        }
        #expect(differing.isEmpty)
    }

    @Test func theLimitOnCopiesIsTheSameWrittenOrHeld() throws {
        // An anchored list over ten lines, written out before its aliases: its copies hold no line breaks.
        let yaml = "a: &a [\n" + (0..<10).map { "  item-\($0),\n" }.joined() + "  ]\nfiller: [" + String(repeating: "x, ", count: 30) + "y]\nb: [*a, *a, *a]\n"
        let bytes = SourceBytes(Array(yaml.utf8))
        let full = try #require(try YAMLTranscoder.text(bytes, limit: 1 << 30, spillingTo: nil)).json.count
        let place = SpilledText.Place(directory: try #require(SpilledText.directory), window: 61)
        for limit in (full - 12)...(full + 12) {
            let held = try YAMLTranscoder.text(bytes, limit: limit, spillingTo: nil)
            let written = try YAMLTranscoder.text(bytes, limit: limit, spillingTo: place)
            #expect((held == nil) == (written == nil), "limit \(limit)")
            #expect((held != nil) == (limit >= full), "limit \(limit): a text that fits is taken")
        }
    }

    @Test func aTranscodingThatGivesUpLeavesNoFileOpen() throws {
        // A directory of its own, so that the files of tests running beside this one are not counted.
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("arbor-give-up-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let place = SpilledText.Place(directory: directory, window: 61)
        func openFiles() throws -> Int {
            try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").filter { name in
                (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/" + name))?.hasPrefix(directory) == true
            }.count
        }
        // Written out past its window, then a second document: the transcoder leaves the stream to the whole reader.
        let stream = "a: [\n" + (0..<50).map { "  item-\($0),\n" }.joined() + "  ]\n---\nb: 1\n"
        #expect(try YAMLTranscoder.text(SourceBytes(Array(stream.utf8)), limit: 1 << 30, spillingTo: place) == nil)
        // Written out, then refused: an alias of no anchor.
        let refused = "a: [\n" + (0..<50).map { "  item-\($0),\n" }.joined() + "  *nothing]\n"
        #expect(throws: YAMLGraph.Failure.self) { try YAMLTranscoder.text(SourceBytes(Array(refused.utf8)), limit: 1 << 30, spillingTo: place) }
        #expect(try openFiles() == 0)
        let kept = try #require(try YAMLTranscoder.text(SourceBytes(Array(("x: &x [1,\n  2]\n" + refused.replacingOccurrences(of: "*nothing", with: "*x")).utf8)),
                                                        limit: 1 << 30, spillingTo: place))
        #expect(try openFiles() == 1, "the text's own file, mapped")
        _ = kept
    }

    @Test func aLargeFileFollowedGivesItsPagesBackBehindTheParser() async throws {
        // Over several lines, each flow collection goes to the parser's events.
        var yaml = "jobs: [\n"
        var index = 0
        while yaml.utf8.count < 17 << 20 {
            yaml += (index..<(index + 1_000)).map { "  {name: job-\($0), base: image-x, n: \($0)},\n" }.joined()
            index += 1_000
        }
        yaml += "  ]\n"
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("arbor-in-place-\(UUID().uuidString).yaml").path
        try Data(yaml.utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let trims = MappedPages.trims
        let document = try #require(try SourceOpener.open(SourceRequest(path: path)).hierarchy as? LazyJSONDocument)
        #expect(MappedPages.trims > trims, "the parser's pages were given back as it read")
        let last = try await document.item("/jobs/\(index - 1)/name")
        #expect(last.content.scalar?.text == "job-\(index - 1)")
    }
}
