#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Whether two regular files hold the same bytes, read a block at a time from both (memory independent of
/// their size): two copies of a large document are known equal without being held or indexed twice.
enum SameBytes {
    /// The block read from each file at a time.
    static let block = 4 << 20

    /// Files smaller than this are read as documents even when equal, so that an invalid one is said to be.
    static let smallest = 16 << 20

    /// True when both paths name regular files of one size (16 MiB or more) with the same bytes; false otherwise
    /// (or when either cannot be read: the reading that follows says why).
    static func files(_ first: String, _ second: String) -> Bool {
        var one = stat()
        var other = stat()
        guard stat(first, &one) == 0, stat(second, &other) == 0, (one.st_mode & S_IFMT) == S_IFREG,
              (other.st_mode & S_IFMT) == S_IFREG, one.st_size == other.st_size, one.st_size >= smallest else { return false }
        if one.st_dev == other.st_dev, one.st_ino == other.st_ino { return true }
        let left = open(first, O_RDONLY | O_CLOEXEC)
        let right = open(second, O_RDONLY | O_CLOEXEC)
        defer {
            if left >= 0 { close(left) }
            if right >= 0 { close(right) }
        }
        guard left >= 0, right >= 0 else { return false }
        var leftBlock = [UInt8](repeating: 0, count: block)
        var rightBlock = [UInt8](repeating: 0, count: block)
        while true {
            let count = fill(&leftBlock, from: left)
            guard count == fill(&rightBlock, from: right), count >= 0 else { return false }
            if count == 0 { return true }
            guard memcmp(leftBlock, rightBlock, count) == 0 else { return false }
        }
    }

    /// Reads up to a block; the bytes read (0 at the end), or -1 on an error.
    private static func fill(_ buffer: inout [UInt8], from descriptor: Int32) -> Int {
        var filled = 0
        buffer.withUnsafeMutableBytes { room in
            while filled < room.count {
                let count = read(descriptor, room.baseAddress! + filled, room.count - filled)
                if count < 0, errno == EINTR { continue }
                guard count > 0 else {
                    if count < 0 { filled = -1 }
                    return
                }
                filled += count
            }
        }
        return filled
    }
}
