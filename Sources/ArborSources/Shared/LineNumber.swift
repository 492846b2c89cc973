#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The line a byte offset is on, counted from 1: the newlines before it, found with `memchr`.
enum LineNumber {
    /// The line of `offset` in `bytes` (an offset past the end counts the whole input).
    static func of(_ offset: Int, in bytes: [UInt8]) -> Int {
        bytes.withUnsafeBufferPointer { of(offset, in: $0) }
    }

    static func of(_ offset: Int, in bytes: SourceBytes) -> Int {
        bytes.withUnsafeBufferPointer { of(offset, in: $0) }
    }

    static func of(_ offset: Int, in buffer: UnsafeBufferPointer<UInt8>) -> Int {
        guard let base = buffer.baseAddress else { return 1 }
        let end = min(max(0, offset), buffer.count)
        var line = 1
        var at = 0
        while at < end, let found = memchr(base + at, 0x0A, end - at) {
            line += 1
            at = base.distance(to: found.assumingMemoryBound(to: UInt8.self)) + 1
        }
        return line
    }

    /// "line L, column C" of `offset`, the column counted in characters (Unicode scalars) from 1.
    static func place(of offset: Int, in bytes: [UInt8]) -> String {
        bytes.withUnsafeBufferPointer { place(of: offset, in: $0) }
    }

    static func place(of offset: Int, in bytes: SourceBytes) -> String {
        bytes.withUnsafeBufferPointer { place(of: offset, in: $0) }
    }

    static func place(of offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> String {
        let end = min(max(0, offset), bytes.count)
        let lineStart = bytes[..<end].lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
        let column = String(decoding: bytes[lineStart..<end], as: UTF8.self).unicodeScalars.count + 1
        return "line \(of(end, in: bytes)), column \(column)"
    }
}
