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
        advise(base, count, aligned: huge, Int32(MADV_HUGEPAGE))
    }

    /// Asks for huge pages for the room an array has reserved, before it is filled.
    static func adviseHugePages<Element>(forRoomOf array: inout [Element]) {
        let room = array.capacity * MemoryLayout<Element>.stride
        guard room >= 4 * (2 << 20) else { return }
        array.withUnsafeMutableBufferPointer { buffer in
            if let base = buffer.baseAddress { adviseHugePages(UnsafeMutableRawPointer(base), room) }
        }
    }

    /// Hands back the whole pages inside a buffer that is never read again (its pages read as zeros if it is).
    static func release(_ base: UnsafeMutableRawPointer, _ count: Int) {
        advise(base, count, aligned: Int(sysconf(Int32(_SC_PAGESIZE))), Int32(MADV_DONTNEED))
    }

    /// Gives `advice` for the blocks of `alignment` bytes that lie wholly inside the buffer.
    private static func advise(_ base: UnsafeMutableRawPointer, _ count: Int, aligned alignment: Int, _ advice: Int32) {
        let start = (Int(bitPattern: base) + alignment - 1) / alignment * alignment
        let end = (Int(bitPattern: base) + count) / alignment * alignment
        guard end > start, let aligned = UnsafeMutableRawPointer(bitPattern: start) else { return }
        _ = madvise(aligned, end - start, advice)
    }
}
