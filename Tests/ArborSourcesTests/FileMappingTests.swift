import ArborCore
@testable import ArborSources
import Foundation
import Testing

@Suite("Large files mapped instead of read where nothing follows them")
struct FileMappingTests {
    /// A JSON document of at least `size` bytes: a list of numbered objects.
    static func document(atLeast size: Int) -> [UInt8] {
        var bytes: [UInt8] = [UInt8(ascii: "[")]
        bytes.reserveCapacity(size + 64)
        var number = 0
        while bytes.count < size {
            bytes.append(contentsOf: ((number > 0 ? "," : "") + "{\"n\":\(number),\"text\":\"value \(number)\"}").utf8)
            number += 1
        }
        bytes.append(UInt8(ascii: "]"))
        return bytes
    }

    func opened(_ bytes: [UInt8], maps: Bool) throws -> LazyJSONDocument {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("arbor-map-\(UUID().uuidString).json").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        var request = SourceRequest(path: path, format: .document)
        request.maps = maps
        return try #require(try SourceOpener.open(request).hierarchy as? LazyJSONDocument)
    }

    @Test func aLargeFileIsMappedWithoutALeaseOnlyWhenTheRequestAllows() throws {
        let bytes = Self.document(atLeast: FileMapping.threshold + 1)
        let mapped = try opened(bytes, maps: true)
        #expect(mapped.bytes.isMapped)
        #expect(mapped.bytes.array == bytes)
        // Not allowed (a followed file): mapped under a lease where the file can be leased, read otherwise.
        let leasedOrRead = try opened(bytes, maps: false)
        #expect(leasedOrRead.bytes.array == bytes)
        #expect(leasedOrRead.index.holdsTheSameContainers(as: mapped.index))
    }

    @Test func aSmallFileIsRead() throws {
        let small = try opened(Self.document(atLeast: 1_000), maps: true)
        #expect(!small.bytes.isMapped)
    }

    @Test func bytesFromAnArrayAreReadInPlace() {
        let array: [UInt8] = Array("{\"a\": [1, 2]}".utf8)
        let bytes = SourceBytes(array)
        #expect(bytes.count == array.count && bytes[1] == UInt8(ascii: "\""))
        #expect(String(decoding: bytes[2..<3], as: UTF8.self) == "a")
        #expect(bytes.withUnsafeBufferPointer { Array($0) } == array)
        #expect(bytes.withUnsafeBytes { $0.count } == array.count)
        #expect(bytes.array == array && !bytes.isMapped)
        #expect(SourceBytes([]).isEmpty)
    }
}
