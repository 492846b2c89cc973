import CLZ4

/// The searched texts of a published block, in chunks of about 16 KB, each compressed with LZ4 when the block is
/// full and compressing makes it smaller: a search decompresses a chunk at a time into a buffer of its own.
package struct PackedSearchTexts: Sendable {
    /// How many bytes of text a chunk gathers before the next one begins.
    static let chunkBytes = 16 * 1024

    private let bytes: [UInt8]
    private let lengths: TextLengths
    /// The first entry of each chunk, and the number of entries after the last.
    private let chunkFirsts: [Int32]
    /// Where each chunk starts in `bytes`, and the end of the last.
    private let chunkStarts: [Int]
    /// The size of each chunk's texts; a chunk stored as it is takes as many bytes in `bytes`.
    private let chunkSizes: [Int]
    /// The size of the largest chunk's texts.
    private let largestChunk: Int

    /// The number of entries.
    package var count: Int { lengths.count }

    /// The bytes the texts take as stored.
    package var storedByteCount: Int { bytes.count }

    /// Packs `texts`, compressing each chunk if `compressing` and it comes out smaller.
    package init(_ texts: SearchTexts, compressing: Bool) {
        lengths = TextLengths(exactly: texts.lengths)
        var bytes: [UInt8] = []
        var firsts: [Int32] = []
        var starts: [Int] = []
        var sizes: [Int] = []
        var largest = 0
        texts.bytes.withUnsafeBufferPointer { source in
            var entry = 0
            var start = 0
            while entry < texts.count {
                let first = entry
                var end = start
                while entry < texts.count, end - start < Self.chunkBytes {
                    end += texts.lengths[entry]
                    entry += 1
                }
                firsts.append(Int32(first))
                starts.append(bytes.count)
                sizes.append(end - start)
                largest = max(largest, end - start)
                Self.append(UnsafeBufferPointer(rebasing: source[start..<end]), to: &bytes, compressing: compressing)
                start = end
            }
        }
        firsts.append(Int32(texts.count))
        starts.append(bytes.count)
        self.bytes = bytes.trimmed()
        chunkFirsts = firsts
        chunkStarts = starts
        chunkSizes = sizes
        largestChunk = largest
    }

    /// Appends a chunk to `bytes`, compressed when that is asked, LZ4 takes its size and it comes out smaller.
    private static func append(_ chunk: UnsafeBufferPointer<UInt8>, to bytes: inout [UInt8], compressing: Bool) {
        if compressing, chunk.count > 0, chunk.count <= Int(LZ4_MAX_INPUT_SIZE) {
            let bound = Int(LZ4_compressBound(Int32(chunk.count)))
            let before = bytes.count
            bytes.append(contentsOf: repeatElement(0, count: bound))
            let written = bytes.withUnsafeMutableBufferPointer { buffer in
                chunk.withMemoryRebound(to: CChar.self) { source in
                    UnsafeMutableRawPointer(buffer.baseAddress! + before).withMemoryRebound(to: CChar.self, capacity: bound) {
                        Int(LZ4_compress_default(source.baseAddress, $0, Int32(chunk.count), Int32(bound)))
                    }
                }
            }
            bytes.removeLast(bound - (written > 0 && written < chunk.count ? written : 0))
            if written > 0, written < chunk.count { return }
        }
        bytes.append(contentsOf: chunk)
    }

    /// The length of the entry at `entry`'s text.
    package func textLength(at entry: Int) -> Int { lengths[entry] }

    /// The chunk holding `entry`: the last one starting at or before it.
    private func chunk(of entry: Int) -> Int {
        var low = 0
        var high = chunkFirsts.count - 1
        while high - low > 1 {
            let middle = (low + high) / 2
            if Int(chunkFirsts[middle]) <= entry { low = middle } else { high = middle }
        }
        return low
    }

    /// Calls `body` with a chunk's texts, decompressed into `buffer` if they are stored compressed.
    @inline(__always) private func withChunk<Result>(
        _ chunk: Int, in buffer: UnsafeMutableBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) -> Result
    ) -> Result {
        let start = chunkStarts[chunk]
        let stored = chunkStarts[chunk + 1] - start
        let size = chunkSizes[chunk]
        return bytes.withUnsafeBufferPointer { bytes in
            if stored == size { return body(UnsafeBufferPointer(rebasing: bytes[start..<(start + size)])) }
            let written = UnsafeRawPointer(bytes.baseAddress! + start).withMemoryRebound(to: CChar.self, capacity: stored) { source in
                UnsafeMutableRawPointer(buffer.baseAddress!).withMemoryRebound(to: CChar.self, capacity: size) {
                    LZ4_decompress_safe(source, $0, Int32(stored), Int32(size))
                }
            }
            // A chunk this process compressed decompresses to its size, or its memory was overwritten.
            precondition(written == size)
            return body(UnsafeBufferPointer(rebasing: UnsafeBufferPointer(buffer)[0..<size]))
        }
    }

    /// Calls `body` with a buffer of its own for a chunk's decompressed texts.
    @inline(__always) private func withBuffer<Result>(_ body: (UnsafeMutableBufferPointer<UInt8>) -> Result) -> Result {
        let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(1, largestChunk))
        defer { buffer.deallocate() }
        return body(buffer)
    }

    /// Calls `body` with the bytes of the entry at `entry`.
    package func withText<Result>(at entry: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        var result: Result?
        forEachText(at: [entry]) { _, text in result = body(text) }
        return result!
    }

    /// Calls `body` with each of `entries` (ascending, none twice) and its bytes, each chunk decompressed once.
    package func forEachText(at entries: [Int], _ body: (Int, UnsafeBufferPointer<UInt8>) -> Void) {
        withBuffer { buffer in
            var index = 0
            while index < entries.count {
                let chunk = chunk(of: entries[index])
                let chunkEnd = Int(chunkFirsts[chunk + 1])
                withChunk(chunk, in: buffer) { texts in
                    var entry = Int(chunkFirsts[chunk])
                    var start = 0
                    while index < entries.count, entries[index] < chunkEnd {
                        while entry < entries[index] {
                            start += lengths[entry]
                            entry += 1
                        }
                        body(entry, UnsafeBufferPointer(rebasing: texts[start..<(start + lengths[entry])]))
                        index += 1
                    }
                }
            }
        }
    }

    /// Calls `body` with each entry from `first` up to `end` and its bytes, in order.
    @inline(__always) package func forEachText(from first: Int, to end: Int, _ body: (Int, UnsafeBufferPointer<UInt8>) -> Void) {
        withBuffer { buffer in
            var chunk = chunk(of: first)
            var entry = Int(chunkFirsts[chunk])
            while entry < end {
                let chunkEnd = Int(chunkFirsts[chunk + 1])
                withChunk(chunk, in: buffer) { texts in
                    var start = 0
                    while entry < first {
                        start += lengths[entry]
                        entry += 1
                    }
                    while entry < min(end, chunkEnd) {
                        let length = lengths[entry]
                        body(entry, UnsafeBufferPointer(rebasing: texts[start..<(start + length)]))
                        start += length
                        entry += 1
                    }
                }
                chunk += 1
            }
        }
    }
}
