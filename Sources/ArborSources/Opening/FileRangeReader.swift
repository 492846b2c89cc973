#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ArborCore

/// Reads a range of a regular file into memory, a large range in parts on several threads: the kernel's copy
/// and the faults of fresh pages, which cost as much as indexing a document, are shared by the cores.
enum FileRangeReader {
    /// Ranges smaller than this are read on the calling thread.
    static let parallelThreshold = 64 << 20

    /// Reads bytes `range` of the file into `base` (its byte `range.lowerBound` at `base`), counting them in
    /// `progress`: how many bytes from the start of the range were read without a gap, and the error that
    /// stopped a part early (0 when every part ended at its end or at the end of the file). A range of
    /// `threshold` bytes or more is read in `parts`.
    static func read(
        _ descriptor: Int32, into base: UnsafeMutableRawPointer, range: Range<Int>, parts: Int = defaultParts,
        threshold: Int = parallelThreshold, progress: ReadProgress
    ) -> (count: Int, failure: Int32) {
        let partCount = range.count >= threshold ? max(1, parts) : 1
        let bounds = (0...partCount).map { range.lowerBound + range.count * $0 / partCount }
        let results = PartResults(count: partCount)
        // An address, not a pointer, crosses to the other threads: each writes only its own part.
        let address = Int(bitPattern: base)
        let readOne = { @Sendable (part: Int) in
            guard let start = UnsafeMutableRawPointer(bitPattern: address + bounds[part] - range.lowerBound) else { return }
            results.store(part, readPart(descriptor, into: start, from: bounds[part], to: bounds[part + 1], progress: progress))
        }
        WorkerThreads.perform(partCount, readOne)
        var count = 0
        for part in 0..<partCount {
            let (read, failure) = results.result(part)
            count += read
            if failure != 0 || read < bounds[part + 1] - bounds[part] { return (count, failure) }
        }
        return (count, 0)
    }

    /// Two parts where there are two cores or more.
    static var defaultParts: Int { min(2, WorkerThreads.cores) }

    private static func readPart(
        _ descriptor: Int32, into base: UnsafeMutableRawPointer, from start: Int, to end: Int, progress: ReadProgress
    ) -> (Int, Int32) {
        var done = 0
        while start + done < end {
            let read = pread(descriptor, base + done, min(end - start - done, 16 << 20), off_t(start + done))
            if read < 0, errno == EINTR { continue }
            if read < 0 { return (done, errno) }
            if read == 0 { break }
            done += read
            progress.add(read)
        }
        return (done, 0)
    }
}

/// What each part read, written by its own thread and read once all have ended.
private final class PartResults: @unchecked Sendable {
    private var results: [(Int, Int32)]

    init(count: Int) { results = Array(repeating: (0, 0), count: count) }

    func store(_ part: Int, _ result: (Int, Int32)) {
        results.withUnsafeMutableBufferPointer { $0[part] = result }
    }

    func result(_ part: Int) -> (Int, Int32) { results[part] }
}
