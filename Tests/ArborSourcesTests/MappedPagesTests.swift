import ArborCore
@testable import ArborSources
import CFileLease
import Foundation
import Testing

@Suite("A pass over a large leased file gives its pages back behind it", .serialized)
struct MappedPagesTests {
    /// Resident kilobytes of the mapping that holds `address`, from the process's own memory map.
    static func residentKilobytes(at address: UnsafeRawPointer) throws -> Int {
        let target = UInt(bitPattern: address)
        var inside = false
        // The file's size reads as 0: it is read to its end.
        let handle = try #require(FileHandle(forReadingAtPath: "/proc/self/smaps"))
        defer { try? handle.close() }
        let text = String(decoding: try handle.readToEnd() ?? Data(), as: UTF8.self)
        for line in text.split(separator: "\n") {
            if let dash = line.firstIndex(of: "-"), let space = line.firstIndex(of: " "), dash < space,
               let low = UInt(line[..<dash], radix: 16), let high = UInt(line[line.index(after: dash)..<space], radix: 16) {
                inside = low <= target && target < high
            } else if inside, line.hasPrefix("Rss:") {
                return Int(line.split(separator: " ")[1]) ?? -1
            }
        }
        Issue.record("no mapping holds the address")
        return -1
    }

    static func base(of document: LazyJSONDocument) throws -> UnsafeRawPointer {
        try #require(document.bytes.withUnsafeBufferPointer { $0.baseAddress }.map(UnsafeRawPointer.init))
    }

    @Test func aDocumentScannedWholeHoldsAStretchOfItsFileAndReadsTheSameBytesAfter() async throws {
        let bytes = FileMappingTests.document(atLeast: 48 << 20)
        let trimsBefore = MappedPages.trims
        let (document, path) = try await FileLeaseTests().followed(bytes)
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(MappedPages.trims > trimsBefore)
        // Without the pages given back, the scan would have left all 48 MiB of the file in memory; it holds a
        // stretch of 2 MiB, the system's folios around it and the pages the screen reads again.
        let resident = try Self.residentKilobytes(at: Self.base(of: document))
        #expect(resident < 10 << 10, "\(resident) KiB")
        let last = Int(document.index.memberCount[0]) - 1
        let items = try await document.children(of: "", in: (last - 1)..<(last + 1))
        #expect(items.last?.content.fields.first { $0.name == "text" }?.value == "value \(last)")
        let same = document.bytes.array == bytes
        #expect(same)
    }

    @Test func aFindWalkingTheDocumentGivesItsPagesBackToo() async throws {
        let bytes = FileMappingTests.document(atLeast: 40 << 20)
        let (document, path) = try await FileLeaseTests().followed(bytes)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let count = Int(document.index.memberCount[0])
        var read = 0
        var most = 0
        for start in stride(from: 0, to: count, by: 10_000) {
            read += try await document.searchEntries(ofChildrenOf: "", in: start..<min(count, start + 10_000), fields: .title).count
            most = max(most, try Self.residentKilobytes(at: Self.base(of: document)))
        }
        #expect(read == count)
        // A walk keeps its corpus beside the file: it holds a stretch of 2 MiB, and the system's folios around it.
        #expect(most < 10 << 10, "\(most) KiB")
    }

    @Test func aMappingCopiedForAWriterIsNeverGivenBack() async throws {
        let bytes = FileMappingTests.document(atLeast: FileMapping.threshold * 2)
        let (document, path) = try await FileLeaseTests().followed(bytes)
        defer { try? FileManager.default.removeItem(atPath: path) }
        arbor_lease_privatise_all()
        // The copy is the program's own memory: given back, its pages would read as zeros.
        let base = try Self.base(of: document)
        for _ in 0..<8 { arbor_mapping_read(base.assumingMemoryBound(to: UInt8.self), 16 << 20) }
        let same = document.bytes.array == bytes
        #expect(same)
    }

    @Test func bytesOfAnArrayAreLeftAsTheyAre() {
        let bytes = FileMappingTests.document(atLeast: 1 << 20)
        let source = SourceBytes(bytes)
        source.withUnsafeBufferPointer { buffer in
            for _ in 0..<4 { MappedPages.read(0..<(16 << 20), from: buffer.baseAddress!) }
        }
        let same = source.array == bytes
        #expect(same)
    }
}
