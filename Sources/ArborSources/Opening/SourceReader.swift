#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ArborCore

/// A file or a pipe read in two steps: a first part, quickly, then the rest; failures carry the system's reason.
package final class SourceReader {
    /// The name errors start with.
    package let path: String
    /// Everything read so far.
    package private(set) var bytes: [UInt8] = []
    /// Whether the input has ended.
    package private(set) var isAtEnd = false
    /// Whether reading stopped at the limit it was given before the input ended.
    package private(set) var stoppedAtLimit = false
    /// The size of a regular file, 0 for anything else.
    package let size: Int
    /// What a character or block device is called, for a device (other than /dev/null, which reads as empty).
    package let deviceKind: String?
    /// Where the bytes read are counted.
    package let progress: ReadProgress
    /// Whether a whole line has been read (found in each chunk as it arrives, never by scanning `bytes` again).
    private var holdsLine = false
    private var chunk: [UInt8] = []
    private let descriptor: Int32

    /// Opens a file (a directory is an error).
    package init(path: String, progress: ReadProgress = ReadProgress()) throws(SourceLoadError) {
        self.progress = progress
        self.path = path
        descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw SourceLoadError("\(path): \(SourceFile.reason(errno))") }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            let failure = errno
            close(descriptor)
            throw SourceLoadError("\(path): \(SourceFile.reason(failure))")
        }
        guard (status.st_mode & S_IFMT) != S_IFDIR else {
            close(descriptor)
            throw SourceLoadError("\(path): is a directory")
        }
        size = (status.st_mode & S_IFMT) == S_IFREG ? Int(status.st_size) : 0
        deviceKind = Self.deviceKind(status)
        if size > 0 { progress.expect(size) }
    }

    private static func deviceKind(_ status: stat) -> String? {
        var null = stat()
        switch status.st_mode & S_IFMT {
        case S_IFCHR where stat("/dev/null", &null) == 0 && null.st_rdev == status.st_rdev: return nil
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        default: return nil
        }
    }

    deinit {
        close(descriptor)
    }

    /// The bytes read up to the end of the last whole line (none before the first newline).
    var wholeLines: [UInt8] {
        bytes.lastIndex(of: 0x0A).map { Array(bytes[...$0]) } ?? []
    }

    /// Reads until `limit` bytes are held or the input ends. A pipe is read only as long as data keeps coming
    /// within `seconds` once a whole line is held; a regular file is not waited on, so it is read on.
    package func read(limit: Int = .max, for seconds: Double) throws(SourceLoadError) {
        let deadline = MonotonicClock.seconds() + seconds
        var ready = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        if size > 0 { bytes.reserveCapacity(min(size, limit)) }
        while !isAtEnd, bytes.count < limit {
            if size == 0, holdsLine {
                let left = deadline - MonotonicClock.seconds()
                if left <= 0 || poll(&ready, 1, Int32((left * 1000).rounded(.up))) == 0 { return }
            }
            try readChunk(max: limit - bytes.count)
        }
    }

    /// Waits until the input has bytes to read or has ended, at most `seconds` (for ever when nil); whether it has.
    package func waitForInput(seconds: Double?) -> Bool {
        guard size == 0, !isAtEnd else { return true }
        var ready = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        let milliseconds = seconds.map { Int32(max(0, ($0 * 1000).rounded(.up))) } ?? -1
        while true {
            let result = poll(&ready, 1, milliseconds)
            if result < 0, errno == EINTR { continue }
            return result != 0
        }
    }

    /// Whether the input is a regular file (read on without waiting), not a pipe or a device.
    package var isRegularFile: Bool { size > 0 }

    /// Reads to the end, or to `limit` bytes held (then ``stoppedAtLimit``).
    package func readRest(limit: Int = .max) throws(SourceLoadError) {
        if size > bytes.count, size <= limit, !isAtEnd { try readWhole() }
        while !isAtEnd, bytes.count < limit { try readChunk(max: min(1 << 16, limit - bytes.count)) }
        stoppedAtLimit = !isAtEnd
        if isAtEnd { progress.finishReading() }
    }

    /// The whole of a large regular file mapped instead of read: for an input nothing will follow, or `leased`
    /// (kept the same while others write the file); nil when the input is not one or cannot be (then it is read).
    package func mapWhole(leased: Bool = false) -> SourceBytes? {
        guard size > 0, !isAtEnd,
              let mapped = leased ? FileMapping.mapLeased(descriptor, size: size, path: path) : FileMapping.map(descriptor, size: size, path: path)
        else { return nil }
        progress.add(size - bytes.count)
        progress.finishReading()
        return mapped
    }

    /// The rest of a regular file straight into an array of its size, after what was read before: one copy
    /// from the system, no growth, a large rest read in parts on the cores. A file that grew since is read on
    /// in chunks.
    private func readWhole() throws(SourceLoadError) {
        var failure: Int32 = 0
        let descriptor = self.descriptor
        let before = bytes
        let progress = self.progress
        bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
            count = before.count
            guard let base = buffer.baseAddress else { return }
            before.withUnsafeBufferPointer { part in
                if let start = part.baseAddress { UnsafeMutableRawPointer(base).copyMemory(from: start, byteCount: part.count) }
            }
            let (read, error) = FileRangeReader.read(descriptor, into: UnsafeMutableRawPointer(base + count),
                                                     range: count..<buffer.count, progress: progress)
            count += read
            failure = error
        }
        if failure != 0 { throw SourceLoadError("\(path): \(SourceFile.reason(failure))") }
        // The parts were read at their offsets: reading on (a file that grew) starts after them.
        lseek(descriptor, off_t(bytes.count), SEEK_SET)
    }

    private func readChunk(max: Int) throws(SourceLoadError) {
        if chunk.isEmpty { chunk = [UInt8](repeating: 0, count: 1 << 16) }
        while true {
            let count = chunk.withUnsafeMutableBytes { Self.systemRead(descriptor, $0.baseAddress, min(max, $0.count)) }
            if count < 0, errno == EINTR { continue }
            if count < 0 { throw SourceLoadError("\(path): \(SourceFile.reason(errno))") }
            if count == 0 { isAtEnd = true }
            bytes.append(contentsOf: chunk[0..<count])
            progress.add(count)
            holdsLine = holdsLine || chunk[0..<count].contains(0x0A)
            return
        }
    }

    private static func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
        #if canImport(Glibc)
        return Glibc.read(descriptor, buffer, count)
        #else
        return Darwin.read(descriptor, buffer, count)
        #endif
    }
}
