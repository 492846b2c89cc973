/// Moves a large table onto the end of another a MiB at a time, handing the copied pages of the source back to
/// the system as it goes: two large tables joined overlap by a MiB, not by the size of one of them.
enum ReleasingMove {
    /// Elements copied between two hand-backs.
    static let chunkBytes = 1 << 20

    /// Appends `source`'s elements to `destination` and empties `source`.
    static func append<Element>(_ source: inout [Element], to destination: inout [Element]) {
        destination.reserveCapacity(destination.count + source.count)
        let chunk = max(1, chunkBytes / MemoryLayout<Element>.stride)
        source.withUnsafeMutableBufferPointer { from in
            for first in stride(from: 0, to: from.count, by: chunk) {
                let part = UnsafeMutableBufferPointer(rebasing: from[first..<min(from.count, first + chunk)])
                destination.append(contentsOf: UnsafeBufferPointer(part))
                handBack(part)
            }
        }
        source = []
    }

    /// Hands back the whole pages inside `elements`, which are never read again.
    static func handBack<Element>(_ elements: UnsafeMutableBufferPointer<Element>) {
        let bytes = UnsafeMutableRawBufferPointer(elements)
        if let base = bytes.baseAddress { LargeBuffers.release(base, bytes.count) }
    }
}
