import ArborCore
@testable import ArborSources
import Foundation
import Testing

/// The JSON text of a large YAML file is written to an unnamed file on disk rather than held: the same bytes as
/// the text held, read through a mapping whose pages are given back behind a pass.
@Suite("A large YAML file's JSON text written to a file", .serialized)
struct SpilledTextTests {
    /// A directory on disk, as the program would choose (the suite needs one).
    static func place(window: Int) throws -> SpilledText.Place {
        SpilledText.Place(directory: try #require(SpilledText.directory, "no directory of disk for unnamed files"), window: window)
    }

    /// Kubernetes-style Deployments, `count` of them, in the block style.
    static func deployments(_ count: Int) -> String {
        var text = "apiVersion: v1\nkind: List\nitems:\n"
        for index in 0..<count {
            text += "- kind: Deployment\n  metadata:\n    name: svc-\(index)\n    labels: {app: svc-\(index), tier: web}\n"
            text += "  spec:\n    replicas: \(index % 7)\n    args: [--port, \"80\(index % 10)\"]\n    note: \"tab\\there\"\n"
        }
        return text
    }

    /// The name of the mapping holding `address` in the process's memory map.
    static func mappingName(at address: UnsafeRawPointer) throws -> String {
        let target = UInt(bitPattern: address)
        let handle = try #require(FileHandle(forReadingAtPath: "/proc/self/maps"))
        defer { try? handle.close() }
        let text = String(decoding: try handle.readToEnd() ?? Data(), as: UTF8.self)
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: " ", maxSplits: 5, omittingEmptySubsequences: true)
            let bounds = fields[0].split(separator: "-").compactMap { UInt($0, radix: 16) }
            if bounds.count == 2, bounds[0] <= target, target < bounds[1] {
                return fields.count > 5 ? String(fields[5]).trimmingCharacters(in: .whitespaces) : ""
            }
        }
        return ""
    }

    static func base(of bytes: SourceBytes) throws -> UnsafeRawPointer {
        try #require(bytes.withUnsafeBufferPointer { $0.baseAddress }.map(UnsafeRawPointer.init))
    }

    @Test(arguments: YAMLBlockReaderTests.taken + [
        // Two parts on two threads, the second's text written further on in the first's file and taken where it is.
        deployments(40_000),
        // A stream whose first document is written out before its `---`: the list's bracket goes before it all.
        "a: 1\nb:\n  - x\n  - [y, z]\nc: a value that takes the text past its window\nd: [1, 2]\n---\nc: 2\n---\n- [3, 4]\n",
        // A second part that meets a `---` gives way, and the first part reads on alone: the second part's text,
        // written further on in the first part's file, is cut from it.
        deployments(40_000) + "---\na: 1\n",
        // A stream of two parts, split at a `---` past its middle.
        deployments(21_000) + "---\n" + deployments(19_000),
        // A stream whose second part holds many documents: their list's brackets are left out of the text.
        deployments(21_000) + String(repeating: "---\n" + deployments(500), count: 40),
        // Scalars longer than the window, written a window at a time.
        "long: \"\(String(repeating: "a quoted \\\"value\\\" ", count: 30))\"\nlit: |\n\(String(repeating: "  a line of a literal\n", count: 20))next: [\(String(repeating: "item, ", count: 30))end]\n",
        // Plain scalars longer than the window, on one line and over lines, before and after other values.
        "a: 1\nplain: \(String(repeating: "word ", count: 60))end\nb: 2\nover:\n\(String(repeating: "  more words on a line\n", count: 40))c: [3]\n",
    ])
    func theTextWrittenToAFileIsTheTextHeld(yaml: String) throws {
        let content = SourceBytes(Array(yaml.utf8))
        let held = try #require(YAMLBlockReader.text(content, spillingTo: nil))
        let written = try #require(YAMLBlockReader.text(content, spillingTo: Self.place(window: 61)))
        #expect(try Self.mappingName(at: Self.base(of: written.json)).hasSuffix("(deleted)"), "an unnamed file's")
        let padding = try #require(Self.padding(of: Array(written.json), over: Array(held.json)), "the text held, but for a join's spaces")
        // A second part is written to the first's file and taken where it is, the first padded to a page.
        #expect((written.parts == 2) == (padding.count > 0))
        #expect(written.documents == held.documents)
        let moved = (0..<held.flows.count).map { held.flows[$0] + (held.flows[$0] > padding.at || ($0 % 2 == 0 && held.flows[$0] == padding.at) ? padding.count : 0) }
        #expect((0..<written.flows.count).map { written.flows[$0] } == moved)
    }

    /// Where `written` is `held` with a run of fewer than a page of spaces put in (at `at`, `count` of them, 0
    /// for none); nil when it is not.
    static func padding(of written: [UInt8], over held: [UInt8]) -> (at: Int, count: Int)? {
        let at = (0..<min(written.count, held.count)).first { written[$0] != held[$0] } ?? min(written.count, held.count)
        let count = written.count - held.count
        guard count >= 0, count < 4096, written[at..<(at + count)].allSatisfy({ $0 == UInt8(ascii: " ") }),
              written[(at + count)...].elementsEqual(held[at...]) else { return nil }
        return (at, count)
    }

    /// Services each with an anchor and its alias, and a merge key of the defaults: the text outgrows the YAML.
    static func anchoredServices(_ count: Int) -> String {
        "defaults: &d {image: registry.example.com/app, resources: {cpu: 500m, memory: 1Gi}}\nitems:\n"
            + (0..<count).map { "- name: svc-\($0)\n  <<: *d\n  labels: &l\($0) {app: a\($0)}\n  selector: *l\($0)\n" }.joined()
    }

    /// A text held until it outgrows what is held of one (a smaller input's, grown by its aliases' copies) is
    /// written to its file from there: the same bytes, flow collections and marks as the text held whole.
    @Test(arguments: [(400, 1), (60_000, 2)])
    func aTextThatOutgrowsWhatIsHeldIsWrittenToAFileFromThere(services: Int, parts: Int) throws {
        let content = SourceBytes(Array(Self.anchoredServices(services).utf8))
        let held = try #require(YAMLBlockReader.text(content, spillingTo: nil))
        var place = try Self.place(window: 61)
        place.held = 4096
        let written = try #require(YAMLBlockReader.text(content, spillingTo: place))
        #expect(written.parts == parts)
        #expect(held.json.count > content.count)
        try Self.expectWrittenToAFile(written, as: held)
        // Within what is held, held whole.
        place.held = 4 * held.json.count
        let kept = try #require(YAMLBlockReader.text(content, spillingTo: place))
        #expect(!(try Self.mappingName(at: Self.base(of: kept.json)).hasSuffix("(deleted)")))
    }

    /// A second part written to the first part's file whose aliases wait for the first part's anchors is copied
    /// from there, the copies put in: the same bytes, flow collections and marks as the text held.
    @Test func aSecondPartWithWaitingAliasesIsCopiedFromTheFirstPartsFile() throws {
        let content = SourceBytes(Array(Self.anchoredServices(60_000).utf8))
        let held = try #require(YAMLBlockReader.text(content, spillingTo: nil))
        let written = try #require(YAMLBlockReader.text(content, spillingTo: Self.place(window: 4096)))
        #expect(written.parts == 2)
        try Self.expectWrittenToAFile(written, as: held)
    }

    /// Expects `written` in an unnamed file, with the bytes, flow collections and marks of `held`.
    static func expectWrittenToAFile(_ written: YAMLBlockReader.Read, as held: YAMLBlockReader.Read) throws {
        #expect(try mappingName(at: base(of: written.json)).hasSuffix("(deleted)"), "an unnamed file's")
        let same = Array(written.json) == Array(held.json)
        #expect(same)
        #expect((0..<written.flows.count).map { written.flows[$0] } == (0..<held.flows.count).map { held.flows[$0] })
        #expect(written.marks.offsets == held.marks.offsets)
        #expect(written.marks.offsets.allSatisfy { written.marks[$0] == held.marks[$0] })
    }

    /// A directory on a file system of memory takes no text: one that outgrows what is held stays held there.
    @Test func aTextThatOutgrowsWhatIsHeldStaysHeldWhereNoFileOnDiskCanBeMade() throws {
        let content = SourceBytes(Array(Self.anchoredServices(400).utf8))
        let held = try #require(YAMLBlockReader.text(content, spillingTo: nil))
        let kept = try #require(YAMLBlockReader.text(content, spillingTo: SpilledText.Place(directory: "/dev/shm", window: 61, held: 4096)))
        let name = try Self.mappingName(at: Self.base(of: kept.json))
        #expect(name.isEmpty || name.hasPrefix("["), "held in the process's own memory, not \(name)")
        let same = Array(kept.json) == Array(held.json)
        #expect(same)
    }

    @Test func aTextWithNoSlotForItsMappingIsStillMappedFromItsFile() throws {
        let yaml = Self.deployments(2_000)
        let held = try #require(YAMLBlockReader.text(SourceBytes(Array(yaml.utf8)), spillingTo: nil))
        // A file written and unlinked, as the reader's unnamed one.
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("arbor-text-\(UUID().uuidString)").path
        try Data(Array(held.json)).write(to: URL(fileURLWithPath: path))
        let descriptor = open(path, O_RDONLY)
        unlink(path)
        #expect(descriptor >= 0)
        let bytes = try #require(SpilledText.bytes(of: descriptor, count: held.json.count, registered: false))
        #expect(try Self.mappingName(at: Self.base(of: bytes)).hasSuffix("(deleted)"), "not read into memory")
        let same = Array(bytes) == Array(held.json)
        #expect(same)
    }

    /// A text whose file leaves out bytes from a page on (a second part's text written further on) is mapped
    /// around them, in a slot of its own or not.
    @Test(arguments: [true, false])
    func aTextAroundAGapInItsFileIsMappedWithoutIt(registered: Bool) throws {
        let held = Array(try #require(YAMLBlockReader.text(SourceBytes(Array(Self.deployments(200).utf8)), spillingTo: nil)).json)
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        #expect(held.count > 2 * page)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("arbor-gap-\(UUID().uuidString)").path
        try Data(held[..<page] + Array(repeating: UInt8(ascii: "X"), count: 3 * page) + held[page...]).write(to: URL(fileURLWithPath: path))
        let descriptor = open(path, O_RDONLY)
        unlink(path)
        #expect(descriptor >= 0)
        let gap = SpilledText.Gap(at: page, length: 3 * page)
        let bytes = try #require(SpilledText.bytes(of: descriptor, count: held.count, gap: gap, registered: registered))
        let same = Array(bytes) == held
        #expect(same)
    }

    @Test func aSmallInputsTextIsHeld() throws {
        #expect(SpilledText.place(forInput: SpilledText.inputBytes - 1) == nil)
        #expect(SpilledText.place(forInput: SpilledText.inputBytes)?.window == SpilledText.window)
        // A text may outgrow its input by aliases' copies: held until it reaches the size of a large input's.
        #expect(SpilledText.place(forTextOf: 1 << 20) == nil)
        #expect(SpilledText.place(forTextOf: 8 << 20)?.held == SpilledText.inputBytes)
        #expect(SpilledText.place(forTextOf: SpilledText.inputBytes)?.held == 0)
        let held = try #require(YAMLBlockReader.text(SourceBytes(Array("a: [1, 2]\n".utf8))))
        // The process's own memory is named nothing or in brackets (`[heap]` on the main thread's arena), a file by
        // its path.
        let name = try Self.mappingName(at: Self.base(of: held.json))
        #expect(name.isEmpty || name.hasPrefix("["), "held in the process's own memory, not \(name)")
    }

    @Test func aYAMLFileThatGivesWayWritesNoFile() throws {
        // A tab the block reader does not take: the transcoder reads the document.
        let yaml = "a:\n\t- 1\n" + String(repeating: "b: 2\n", count: 100)
        #expect(YAMLBlockReader.text(SourceBytes(Array(yaml.utf8)), spillingTo: try Self.place(window: 61)) == nil)
    }

    @Test func aLargeFileIsBrowsedFromItsTextOnDiskHoldingAStretchOfIt() async throws {
        let yaml = Self.deployments(260_000)
        #expect(yaml.utf8.count >= SpilledText.inputBytes)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("arbor-spill-\(UUID().uuidString).yaml").path
        try Data(yaml.utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let document = try #require(try SourceOpener.open(SourceRequest(path: path)).hierarchy as? LazyJSONDocument)
        let base = try Self.base(of: document.bytes)
        #expect(try Self.mappingName(at: base).hasSuffix("(deleted)"))
        // Held whole, the text would be all of its 40-odd MiB.
        #expect(try MappedPagesTests.residentKilobytes(at: base) < 32 << 10)
        let last = try await document.children(of: "/items", in: 259_999..<260_000)[0]
        #expect(last.content.fields.first { $0.name == "kind" }?.value == "Deployment")
        #expect(try await document.item("/items/259999/metadata/name").content.scalar?.text == "svc-259999")
        #expect(try await document.item("/items/259999/spec/note").content.scalar?.text == "tab\there")
        // An item's comments wait for the pass that finds where lines start in both texts, which gives the text's
        // pages back as it goes (it held all of them once it was done).
        _ = try await document.item("/items/0/metadata/name").content.description
        #expect(try MappedPagesTests.residentKilobytes(at: base) < 32 << 10)
    }
}
