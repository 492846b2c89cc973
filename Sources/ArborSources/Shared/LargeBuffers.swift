#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Pages of large buffers handed back to the system. No huge pages are asked for: where the system hands its
/// free memory back to a virtual machine's host (free page reporting), a fresh huge page costs more to fill than
/// the faults it spares (docs/DECISIONS.md).
enum LargeBuffers {
    /// Hands back the whole pages inside a buffer that is never read again (its pages read as zeros if it is).
    static func release(_ base: UnsafeMutableRawPointer, _ count: Int) {
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        let start = (Int(bitPattern: base) + page - 1) / page * page
        let end = (Int(bitPattern: base) + count) / page * page
        guard end > start, let aligned = UnsafeMutableRawPointer(bitPattern: start) else { return }
        _ = madvise(aligned, end - start, MADV_DONTNEED)
    }
}
