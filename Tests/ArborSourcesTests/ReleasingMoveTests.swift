@testable import ArborSources
import Testing

/// Joining two large index tables hands the source's pages back as they are copied: what lands must be every
/// element, in order, across many chunks and at every alignment of a chunk to the pages.
@Suite("A table moved a few MiB at a time")
struct ReleasingMoveTests {
    @Test func everyElementLandsInOrderAcrossChunks() {
        let chunk = ReleasingMove.chunkBytes / MemoryLayout<Int32>.stride
        for count in [0, 1, 1_000, chunk - 1, chunk, chunk + 1, 3 * chunk + 12_345] {
            var source = (0..<count).map { Int32(truncatingIfNeeded: $0 &* 7_919) }
            let expected = [Int32(-1), -2, -3] + source
            var destination: [Int32] = [-1, -2, -3]
            ReleasingMove.append(&source, to: &destination)
            #expect(destination == expected, "\(count) elements")
            #expect(source.isEmpty)
        }
    }

    @Test func wideOffsetsMoveToo() {
        var head = ByteOffsets(inputSize: Int(UInt32.max) + 10)
        var tail = ByteOffsets(inputSize: Int(UInt32.max) + 10)
        let count = ReleasingMove.chunkBytes / 8 * 2 + 3
        for offset in 0..<count { tail.append(Int(UInt32.max) + offset) }
        head.append(5)
        head.move(from: &tail)
        #expect(head.count == count + 1 && tail.count == 0)
        #expect(head[0] == 5 && head[1] == Int(UInt32.max) && head[count] == Int(UInt32.max) + count - 1)
        #expect((1...count).allSatisfy { head[$0] == Int(UInt32.max) + $0 - 1 })
    }
}
