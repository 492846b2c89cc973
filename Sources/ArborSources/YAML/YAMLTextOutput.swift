#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CYAMLBlock

/// The JSON text the transcoder writes: held, or with a place to write it (``SpilledText``), written to an unnamed
/// file a window at a time, its earlier bytes read back from there where an alias repeats them. A failure to write
/// brings the text back into memory, held whole.
struct YAMLTextOutput {
    /// The bytes written since the last were written to the file.
    private(set) var held: [UInt8] = []
    /// The bytes in the file, before `held`.
    private var written = 0
    private var descriptor: Int32 = -1
    private var window = Int.max
    /// Whether the file could be neither written nor read back: the text is lost, and ``text()`` says so.
    private let failure = Failure()

    private final class Failure {
        var happened = false
    }

    /// A text of about `expected` bytes, written to `place` when there is one.
    init(expected: Int = 0, spillingTo place: SpilledText.Place? = nil) {
        if let place, place.window < expected {
            descriptor = arbor_yaml_spill_file(place.directory)
        }
        if descriptor >= 0, let place {
            window = place.window
            held.reserveCapacity(window + window / 8)
        } else {
            held.reserveCapacity(expected)
        }
    }

    /// The bytes of the text.
    var count: Int { written + held.count }

    @inline(__always)
    mutating func append(_ byte: UInt8) {
        held.append(byte)
        if held.count >= window { flush() }
    }

    mutating func append(contentsOf bytes: UnsafeBufferPointer<UInt8>) {
        held.append(contentsOf: bytes)
        if held.count >= window { flush() }
    }

    static func += (text: inout YAMLTextOutput, bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { text.append(contentsOf: $0) }
    }

    /// Whether the bytes of `range` are held, not only in the file.
    func holds(_ range: Range<Int>) -> Bool { range.lowerBound >= written }

    /// The bytes of `range`, held or read back from the file.
    func bytes(in range: Range<Int>) -> [UInt8] {
        if range.lowerBound >= written { return Array(held[(range.lowerBound - written)..<(range.upperBound - written)]) }
        var bytes = [UInt8](repeating: 0, count: range.count)
        let fromFile = min(range.upperBound, written) - range.lowerBound
        let read = bytes.withUnsafeMutableBytes { Self.read(descriptor, into: UnsafeMutableRawBufferPointer(rebasing: $0[..<fromFile]), at: range.lowerBound) }
        if !read { failure.happened = true }
        if range.upperBound > written {
            bytes.replaceSubrange(fromFile..., with: held[..<(range.upperBound - written)])
        }
        return bytes
    }

    /// The text whole: mapped from its file, or held; nil when its file failed.
    consuming func text() -> SourceBytes? {
        if descriptor >= 0 { flush() }
        guard !failure.happened else {
            if descriptor >= 0 { close(descriptor) }
            return nil
        }
        guard descriptor >= 0 else { return SourceBytes(held) }
        return SpilledText.bytes(of: descriptor, count: written)
    }

    /// Writes the held bytes to the file; where that fails, reads the file back and holds the text whole.
    private mutating func flush() {
        let done = held.withUnsafeBytes { Self.write(descriptor, $0, at: written) }
        if done {
            written += held.count
            held.removeAll(keepingCapacity: true)
            return
        }
        var whole = [UInt8](repeating: 0, count: written)
        let read = whole.withUnsafeMutableBytes { Self.read(descriptor, into: $0, at: 0) }
        if !read { failure.happened = true }
        whole += held
        held = whole
        close(descriptor)
        descriptor = -1
        written = 0
        window = .max
    }

    private static func write(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer, at offset: Int) -> Bool {
        var done = 0
        while done < bytes.count {
            let count = pwrite(descriptor, bytes.baseAddress! + done, bytes.count - done, off_t(offset + done))
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return false }
            done += count
        }
        return true
    }

    private static func read(_ descriptor: Int32, into bytes: UnsafeMutableRawBufferPointer, at offset: Int) -> Bool {
        var done = 0
        while done < bytes.count {
            let count = pread(descriptor, bytes.baseAddress! + done, bytes.count - done, off_t(offset + done))
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return false }
            done += count
        }
        return true
    }
}
