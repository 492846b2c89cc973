#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CFileLease
import CYAMLBlock

/// A text made from a large input (a YAML file's JSON text) written to an unnamed file on disk rather than held:
/// the system keeps it in its page cache, writes it out when memory is short and reads it again, and it is read
/// through a mapping whose pages are given back as a file's are (``MappedPages``). The file has no name, so it is
/// gone once the text is let go, whatever ends the program.
enum SpilledText {
    /// Where a text is written, and how many of its bytes are held before they are.
    struct Place: Sendable {
        /// A directory on a file system of disk.
        let directory: String
        /// The bytes held at a time.
        let window: Int
        /// The bytes of a text held whole before its file is made (0: made at its start).
        var held = 0
    }

    /// Inputs from this size write their text to a file: smaller ones are held under the stretch a reader holds
    /// of a mapping anyway.
    static let inputBytes = 32 << 20

    /// The bytes of a text held before they are written.
    static let window = 1 << 20

    /// The place for the text of an input of `count` bytes: nil for a smaller one, or where no directory of disk
    /// takes an unnamed file.
    static func place(forInput count: Int) -> Place? {
        guard count >= inputBytes, let directory else { return nil }
        return Place(directory: directory, window: window)
    }

    /// The place for the text of an input of `count` bytes whose text may be longer than it (a YAML file whose
    /// aliases' copies are written out): the text of a smaller input than ``inputBytes`` is held until it reaches
    /// that size. Nil for an input whose text cannot reach it (at most four times the input and a MiB).
    static func place(forTextOf count: Int) -> Place? {
        guard count >= inputBytes else {
            guard 4 * count + (1 << 20) >= inputBytes, let directory = writableDirectory else { return nil }
            return Place(directory: directory, window: window, held: inputBytes)
        }
        return place(forInput: count)
    }

    /// `$TMPDIR`, `/var/tmp` and `/tmp`, in the order they are tried.
    private static var candidates: [String] {
        [getenv("TMPDIR").map { String(cString: $0) }, "/var/tmp", "/tmp"].compactMap { $0 }.filter { !$0.isEmpty }
    }

    /// The first of `$TMPDIR`, `/var/tmp` and `/tmp` that is on disk and takes an unnamed file; nil for none
    /// (then texts are held).
    static let directory: String? = candidates.first { directory in
        let descriptor = arbor_yaml_spill_file(directory)
        if descriptor >= 0 { close(descriptor) }
        return descriptor >= 0
    }

    /// The first of them this process may write to, chosen without making a file there, for a text that most often
    /// needs none. Where the reader cannot make an unnamed file there (a file system of memory), the text is held.
    static var writableDirectory: String? { candidates.first { access($0, W_OK) == 0 } }

    /// Where a text's file leaves out bytes that are not the text's: from the text's byte `at`, `length` bytes
    /// of the file are skipped (both multiples of the page size; a length of 0 for none).
    struct Gap: Sendable {
        var at = 0
        var length = 0
    }

    /// The text of `count` bytes written to `descriptor` (which this takes) around its file's `gap`, mapped so that
    /// its readers give its pages back (`registered`); mapped without that when every slot of such mappings is
    /// taken (its pages, the file's, can still be dropped by the system); read into memory where it cannot be
    /// mapped; nil when it cannot be read either.
    static func bytes(of descriptor: Int32, count: Int, gap: Gap = Gap(), registered: Bool = true) -> SourceBytes? {
        if registered, let address = arbor_mapping_own(descriptor, count, gap.at, gap.length) {
            let start = Int(bitPattern: address)
            return SourceBytes(ByteStorage(mapped: address, count: count) { arbor_lease_unmap(UnsafePointer(bitPattern: start)) })
        }
        if let address = arbor_map_around_gap(descriptor, count, gap.at, gap.length), address != MAP_FAILED {
            let start = Int(bitPattern: address)
            return SourceBytes(ByteStorage(mapped: UnsafePointer(address.assumingMemoryBound(to: UInt8.self)), count: count) {
                munmap(UnsafeMutableRawPointer(bitPattern: start), count)
                close(descriptor)
            })
        }
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: count)
        let before = gap.length > 0 ? min(gap.at, count) : count
        let read = bytes.withUnsafeMutableBufferPointer { buffer in
            arbor_yaml_file_read(descriptor, buffer.baseAddress, Int64(before), 0) == 1
                && arbor_yaml_file_read(descriptor, buffer.baseAddress.map { $0 + before }, Int64(count - before), Int64(before + gap.length)) == 1
        }
        return read ? SourceBytes(bytes) : nil
    }
}
