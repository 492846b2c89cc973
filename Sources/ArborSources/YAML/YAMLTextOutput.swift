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
    /// The file, when the text is written to one.
    private var file: File?
    private var window = Int.max

    /// An unnamed file, closed when the text is let go (a transcoding that gives up leaves nothing open).
    private final class File {
        private(set) var descriptor: Int32
        /// Whether it could be neither written nor read back: the text is lost, and ``text()`` says so.
        var failed = false

        init(_ descriptor: Int32) { self.descriptor = descriptor }

        /// Hands the descriptor over to whoever closes it.
        func take() -> Int32 {
            defer { descriptor = -1 }
            return descriptor
        }

        deinit { if descriptor >= 0 { close(descriptor) } }
    }

    /// A text of about `expected` bytes, written to `place` when there is one.
    init(expected: Int = 0, spillingTo place: SpilledText.Place? = nil) {
        if let place, place.window < expected {
            let descriptor = arbor_yaml_spill_file(place.directory)
            if descriptor >= 0 { file = File(descriptor) }
        }
        if file != nil, let place {
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
        let read = bytes.withUnsafeMutableBufferPointer { buffer in
            file.map { arbor_yaml_file_read($0.descriptor, buffer.baseAddress, Int64(fromFile), Int64(range.lowerBound)) == 1 } ?? false
        }
        if !read { file?.failed = true }
        if range.upperBound > written {
            bytes.replaceSubrange(fromFile..., with: held[..<(range.upperBound - written)])
        }
        return bytes
    }

    /// The text whole: mapped from its file, or held; nil when its file failed.
    consuming func text() -> SourceBytes? {
        if file != nil { flush() }
        guard let file else { return SourceBytes(held) }
        guard !file.failed else { return nil }
        return SpilledText.bytes(of: file.take(), count: written)
    }

    /// Writes the held bytes to the file; where that fails, reads the file back and holds the text whole.
    private mutating func flush() {
        guard let file else { return }
        let done = held.withUnsafeBufferPointer { arbor_yaml_file_write(file.descriptor, $0.baseAddress, Int64($0.count), Int64(written)) == 1 }
        if done {
            written += held.count
            held.removeAll(keepingCapacity: true)
            return
        }
        var whole = [UInt8](repeating: 0, count: written)
        let read = whole.withUnsafeMutableBufferPointer { arbor_yaml_file_read(file.descriptor, $0.baseAddress, Int64(written), 0) == 1 }
        guard read else {
            file.failed = true
            window = .max
            return
        }
        whole += held
        held = whole
        self.file = nil
        written = 0
        window = .max
    }
}
