#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What the one-pass indexes share about large files: how large a file their 32-bit offsets can describe,
/// and huge pages for the buffers they fill.
enum LargeBuffers {
    /// The largest file an index of 32-bit offsets describes; larger ones go to the full parsers.
    static let maximumIndexedSize = Int(UInt32.max) - 1

    /// Asks for the huge pages of a large buffer: a fault per 2 MiB instead of per 4 KiB as it fills.
    static func adviseHugePages(_ base: UnsafeMutableRawPointer, _ count: Int) {
        let huge = 2 << 20
        guard count >= 4 * huge else { return }
        let start = (Int(bitPattern: base) + huge - 1) / huge * huge
        let end = (Int(bitPattern: base) + count) / huge * huge
        guard end > start, let aligned = UnsafeMutableRawPointer(bitPattern: start) else { return }
        _ = madvise(aligned, end - start, Int32(MADV_HUGEPAGE))
    }
}
