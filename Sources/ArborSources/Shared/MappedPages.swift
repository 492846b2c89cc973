import CFileLease

/// What readers going through a mapped file tell it, so that a pass over a large file holds a stretch of its
/// pages rather than all of them: once 2 MiB of a leased mapping have been read (by a scan, a find's walk or a
/// pass of comments' lines), its pages are given back to the system, and those read again come back from the
/// file (`arbor_mapping_read`). Bytes of an array, or a mapping that became a copy of its own, are left as
/// they are.
enum MappedPages {
    /// Tells that the bytes of `range` from `base` were read.
    @inline(__always)
    static func read(_ range: Range<Int>, from base: UnsafePointer<UInt8>) {
        guard !range.isEmpty else { return }
        arbor_mapping_read(base + range.lowerBound, range.count)
    }

    /// Tells that a walk read `items` things spread over `range` (a page of children): as much as that brings
    /// into memory, the range, or when the things lie far apart, the 64 KiB the system maps around each page
    /// first read (its fault-around).
    static func read(items: Int, over range: Range<Int>, from base: UnsafePointer<UInt8>) {
        let count = min(range.count, items * (64 << 10))
        guard count > 0 else { return }
        arbor_mapping_read(base + range.lowerBound, count)
    }

    /// The number of times a leased mapping's pages were given back since the program started.
    static var trims: Int { arbor_mapping_trims() }
}

/// A reader going forward through bytes, telling its mapping what it passed a stretch at a time (a token at a
/// time would cost a call each).
struct ForwardReading {
    private let base: UnsafePointer<UInt8>?
    private var told: Int
    private var next: Int
    /// Bytes passed between two reports.
    static let step = 256 << 10

    /// A reader of `bytes` starting at `position`.
    init(_ bytes: UnsafeBufferPointer<UInt8>, from position: Int) {
        base = bytes.baseAddress
        told = position
        next = position + Self.step
    }

    /// Notes that the reader is at `position`.
    @inline(__always)
    mutating func reached(_ position: Int) {
        if position >= next { tell(position) }
    }

    /// Tells what was passed up to `position`.
    mutating func tell(_ position: Int) {
        guard let base, position > told else { return }
        MappedPages.read(told..<position, from: base)
        told = position
        next = position + Self.step
    }
}
