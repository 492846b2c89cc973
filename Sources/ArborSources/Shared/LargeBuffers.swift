#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Huge pages for the large buffers that inputs are read into and indexes fill.
enum LargeBuffers {
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
