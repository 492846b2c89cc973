import ArborCore
@testable import ArborSources
import Foundation
import Testing

/// A large file's rest is read in parts on several threads: the bytes must be the file's, in order, whatever the
/// number of parts, and a file shorter than the range read must say how much of it was read without a gap.
@Suite("A file's range read in parts")
struct FileRangeReaderTests {
    static func temporaryFile(_ bytes: [UInt8]) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("arbor-range-\(UUID().uuidString)").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    static func read(_ path: String, range: Range<Int>, parts: Int, capacity: Int) -> ([UInt8], Int32, Int) {
        let descriptor = open(path, O_RDONLY)
        defer { close(descriptor) }
        let progress = ReadProgress()
        var failure: Int32 = 0
        let bytes = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
            let (read, error) = FileRangeReader.read(descriptor, into: UnsafeMutableRawPointer(buffer.baseAddress!), range: range,
                                                     parts: parts, threshold: 1, progress: progress)
            count = read
            failure = error
        }
        return (bytes, failure, progress.bytesRead)
    }

    @Test func everyNumberOfPartsReadsTheSameBytes() throws {
        let file = (0..<300_001).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 7) }
        let path = try Self.temporaryFile(file)
        defer { try? FileManager.default.removeItem(atPath: path) }
        for parts in [1, 2, 3, 7] {
            let (whole, failure, counted) = Self.read(path, range: 0..<file.count, parts: parts, capacity: file.count)
            #expect(whole == file && failure == 0 && counted == file.count, "parts: \(parts)")
            let (rest, _, _) = Self.read(path, range: 1_000..<file.count, parts: parts, capacity: file.count)
            #expect(rest == Array(file[1_000...]), "parts: \(parts)")
        }
    }

    @Test func aFileShorterThanTheRangeGivesWhatWasReadWithoutAGap() throws {
        let file = Array(repeating: UInt8(ascii: "x"), count: 10_000)
        let path = try Self.temporaryFile(file)
        defer { try? FileManager.default.removeItem(atPath: path) }
        // The file shrank to 10,000 bytes after its size was taken as 40,000: parts past its end read nothing.
        let (bytes, failure, _) = Self.read(path, range: 0..<40_000, parts: 4, capacity: 40_000)
        #expect(bytes == file && failure == 0)
    }

    @Test func aLargeFileOpensAsItsBytes() throws {
        // Past the size read in parts by default, through the reader users' files go through.
        let line = Array("{\"name\": \"item\", \"value\": [1, 2, 3]},\n".utf8)
        var file = Array("[\n".utf8)
        while file.count < FileRangeReader.parallelThreshold + 4_096 { file += line }
        file += Array("{}]\n".utf8)
        let path = try Self.temporaryFile(file)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let reader = try SourceReader(path: path)
        try reader.read(limit: 1 << 16, for: 0)
        try reader.readRest()
        #expect(reader.isAtEnd && reader.bytes.count == file.count && reader.bytes == file)
    }
}
