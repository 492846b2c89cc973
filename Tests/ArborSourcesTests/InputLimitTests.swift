import ArborCore
@testable import ArborSources
import Foundation
import Testing

/// What is not a hierarchy is refused at once, and a stream or a command is held to the ceiling.
@Suite("Input limits")
struct InputLimitTests {
    /// Bytes that look random, the same on every run.
    func noise(_ count: Int) -> [UInt8] {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        return (0..<count).map { _ in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt8(truncatingIfNeeded: state >> 33)
        }
    }

    @Test func signaturesNulBytesAndNoiseAreNamed() {
        #expect(BinaryInput.description(of: ([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + Array(repeating: 65, count: 9))[...]) == "a PNG image")
        #expect(BinaryInput.description(of: [0x1F, 0x8B, 8, 0][...])?.hasPrefix("a gzip archive") == true)
        var tar = [UInt8](repeating: 0x61, count: 600)
        tar.replaceSubrange(257..<262, with: Array("ustar".utf8))
        #expect(BinaryInput.description(of: tar[...]) == "a tar archive")
        #expect(BinaryInput.description(of: Array("a/b\n\0c\n".utf8)[...]) == "binary data (NUL bytes in its first 7 B)")
        let random = noise(1 << 17).map { $0 == 0 ? 1 : $0 }
        let said = BinaryInput.description(of: random[...])
        #expect(said?.hasPrefix("binary data (") == true && said?.hasSuffix("of its first 64.0 KB are control bytes or not UTF-8)") == true,
                "\(said ?? "nil")")
    }

    @Test func textInAnyScriptColoursAndLegacyBytesIsText() {
        let samples = [
            "src/main.swift\nsrc/Ünïcödé/日本語.txt\n",
            "\u{1B}[01;34mdir\u{1B}[0m\n\u{1B}[01;32mrun.sh\u{1B}[0m\n\tindented\r\n\u{0C}",
            #"{"name": "Zoë", "tags": ["a", "b"]}"#,
        ]
        for sample in samples { #expect(BinaryInput.description(of: Array(sample.utf8)[...]) == nil, "\(sample)") }
        let latin1: [UInt8] = Array("caf".utf8) + [0xE9] + Array(" au lait, cr".utf8) + [0xE8] + Array("me br".utf8) + [0xFB] + Array("l".utf8) + [0xE9, 0x0A]
        #expect(BinaryInput.description(of: latin1[...]) == nil)
        let cut = Array("abcdefghijklmnopqrstuvwxyz ".utf8) + [0xE6, 0x97]
        #expect(BinaryInput.unreadableBytes(in: cut[...]) == 0, "a sequence cut by the sample's end is not counted")
    }

    @Test func devicesAndBinaryStreamsAreRefusedUnlessAFormatIsNamed() throws {
        #expect(throws: SourceLoadError("/dev/zero: a character device, not a hierarchy (--format FORMAT reads it anyway)")) {
            try SourceOpener.open(SourceRequest(path: "/dev/zero"))
        }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("arbor-noise-\(UUID().uuidString.prefix(8))").path
        defer { try? FileManager.default.removeItem(atPath: file) }
        #expect(FileManager.default.createFile(atPath: file, contents: Data(noise(300_000))))
        #expect(throws: SourceLoadError("\(file): looks like binary data (NUL bytes in its first 64.0 KB), not a hierarchy (--format FORMAT reads it anyway)")) {
            try SourceOpener.open(SourceRequest(path: file))
        }
        var forced = SourceRequest(path: "/dev/zero", format: .paths)
        forced.ceiling = InputCeiling(bytes: 3 << 20)
        let opened = try SourceOpener.open(forced)
        #expect(opened.problems == [forced.ceiling.cutNotice(origin: "/dev/zero")])
        #expect(forced.ceiling.cutNotice(origin: "/dev/zero").contains("stopped reading at 2.0 MB, two thirds of the memory ceiling of 3.0 MB"))
        let empty = try SourceOpener.open(SourceRequest(path: "/dev/null"))
        #expect(empty.format == .paths)
    }

    @Test func aStreamIsReadToTheCeilingAndShowsItsWholeLines() async throws {
        var descriptors: [Int32] = [0, 0]
        #expect(pipe(&descriptors) == 0)
        // The writer finds the pipe closed once the ceiling is reached: a failed write, not a signal.
        signal(SIGPIPE, SIG_IGN)
        let writer = descriptors[1]
        let thread = Thread {
            let line = Array("dir/file-with-a-long-enough-name\n".utf8)
            var block: [UInt8] = []
            for _ in 0..<2000 { block += line }
            for _ in 0..<200 { _ = block.withUnsafeBytes { write(writer, $0.baseAddress, $0.count) } }
            close(writer)
        }
        thread.start()
        var request = SourceRequest(path: "/dev/fd/\(descriptors[0])")
        request.ceiling = InputCeiling(bytes: 3 << 20)
        let opened = try SourceOpener.open(request)
        close(descriptors[0])
        #expect(opened.problems.first?.contains("stopped reading at 2.0 MB") == true)
        let children = try await opened.hierarchy.children(of: "dir")
        #expect(children.count == 1, "the lines read are one path, repeated")
    }

    @Test func aFileLargerThanTheCeilingIsRefusedBeforeItIsRead() {
        var request = SourceRequest(path: samplePath("world-cities.json"))
        request.ceiling = InputCeiling(bytes: 1000)
        #expect(throws: SourceLoadError.self) { try SourceOpener.open(request) }
        do {
            _ = try SourceOpener.open(request)
        } catch {
            #expect(error.message.contains("of memory to browse, more than the ceiling of 1000 B (--max-input SIZE changes it)"), "\(error.message)")
        }
    }

    @Test func aLargeMalformedDocumentIsLocatedWithoutBuildingIt() throws {
        let line = Array("  {\"n\": 12345678901234567890},\n".utf8)
        var lines: [UInt8] = []
        while lines.count < 1 << 20 { lines += line }
        var bytes = Array("[\n".utf8)
        while bytes.count <= JSONKind.largestParsed { bytes += lines }
        bytes += Array("  {\"n\": 1,}\n]".utf8)
        let lineNumber = bytes.count(where: { $0 == 0x0A })
        let input = SourceInput(bytes: bytes, name: "big.json", origin: "big.json")
        #expect(throws: SourceLoadError("big.json:\(lineNumber):11: invalid JSON: expected a member name in double quotes")) {
            try JSONKind().open(input, as: .json, request: SourceRequest(path: nil))
        }
    }

    @Test func sizesReadAsPeopleWriteThem() {
        #expect(ByteSize.parse("512M") == 512 << 20 && ByteSize.parse("4g") == 4 << 30 && ByteSize.parse("64 KiB") == 64 << 10)
        #expect(ByteSize.parse("1.5GB") == 3 << 29 && ByteSize.parse("1000") == 1000 && ByteSize.parse("20B") == 20)
        for bad in ["", "M", "12x", "-1G", "0", "1.2.3M"] { #expect(ByteSize.parse(bad) == nil, "\(bad)") }
        #expect(ByteSize.text(980) == "980 B" && ByteSize.text(4_724_464_025) == "4.4 GB")
    }
}
