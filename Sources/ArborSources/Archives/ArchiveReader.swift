import ArborCore
import CLibarchive
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One pass over an archive, member by member, through libarchive: a file read from its path (a zip's central
/// directory found by seeking), or bytes held in memory (an archive that is a member of another).
final class ArchiveReader: ArchiveHeaders {
    private let library: ArborLibarchive
    private let handle: OpaquePointer
    /// The bytes read from, kept alive while libarchive reads them.
    private let held: [UInt8]?
    private var count = 0
    private let origin: String
    /// Whether each member's content (up to ``keptBytes``) is read as the headers are, instead of skipped, so
    /// that the member the listing ends on is kept (``kept``) and opening it takes no second pass.
    var keepsLast = false
    /// The most of a member's content kept.
    static let keptBytes = 4 << 20
    /// The content of the last member, once the archive has ended, when it was at most ``keptBytes``.
    private(set) var kept: (index: Int, bytes: [UInt8])?
    private var lastBytes: [UInt8] = []
    private var lastIsKept = false

    /// Opens `path`, or `bytes` when given (then `path` only names them); an error says what is wrong and where.
    init(path: String, bytes: [UInt8]? = nil) throws(SourceLoadError) {
        library = try LibArchive.library()
        guard let handle = library.read_new() else { throw SourceLoadError("\(path): out of memory opening the archive") }
        self.handle = handle
        held = bytes
        origin = path
        _ = library.support_filter_all(handle)
        _ = library.support_format_all(handle)
        // A compressed file that holds no archive (`notes.json.gz`) reads as one member: its content.
        _ = library.support_format_raw(handle)
        let status: Int32
        if let held {
            status = held.withUnsafeBytes { library.open_memory(handle, $0.baseAddress, $0.count) }
        } else {
            status = library.open_filename(handle, path, 1 << 16)
        }
        // Every property is set: the reader's deinit frees the handle when this throws.
        guard status == Int32(ARBOR_ARCHIVE_OK) else { throw SourceLoadError("\(path): \(error)") }
    }

    deinit {
        _ = library.read_free(handle)
    }

    /// libarchive's last message.
    var error: String {
        library.error_string(handle).map { String(cString: $0) } ?? "cannot read the archive"
    }

    /// The archive's format and compression (`ZIP 2.0 (deflation)`, `GNU tar format · gzip`).
    var format: String {
        let name = library.format_name(handle).map { String(cString: $0) } ?? "archive"
        let filters = (0..<max(0, library.filter_count(handle) - 1)).compactMap { library.filter_name(handle, $0).map { String(cString: $0) } }
        return ([name] + filters).joined(separator: " · ")
    }

    /// A UTF-8 locale for this thread while libarchive reads names: in the C locale it cannot give a name that is
    /// not ASCII (a zip's UTF-8 names, a pax header's), and returns none.
    private struct Locale: @unchecked Sendable {
        /// Made once and never freed or changed: any thread may use it.
        let value: locale_t?
    }

    private static let utf8Locale = Locale(value: newlocale(LC_CTYPE_MASK, "C.UTF-8", nil) ?? newlocale(LC_CTYPE_MASK, "en_US.UTF-8", nil))

    /// The next member's header, or nil at the end; an error names the archive and what broke there.
    func next() throws(SourceLoadError) -> ArchiveMember? {
        let previous = Self.utf8Locale.value.map { uselocale($0) }
        defer { if let previous { uselocale(previous) } }
        readLast()
        var entry: OpaquePointer?
        let status = library.next_header(handle, &entry)
        if status == Int32(ARBOR_ARCHIVE_EOF) {
            if lastIsKept { kept = (count - 1, lastBytes) }
            return nil
        }
        guard status == Int32(ARBOR_ARCHIVE_OK) || status == Int32(ARBOR_ARCHIVE_WARN), let entry else {
            throw SourceLoadError("\(origin): member \(count + 1): \(error)")
        }
        // Any bytes read as one raw member: only a compressed file's content is that, anything else is no archive.
        if count == 0, library.filter_count(handle) <= 1, library.format_name(handle).map({ String(cString: $0).hasPrefix("raw") }) == true {
            throw SourceLoadError("\(origin): not an archive or a compressed file that libarchive reads")
        }
        defer { count += 1 }
        let path = (library.entry_pathname_utf8(entry) ?? library.entry_pathname(entry)).map { Self.text($0) } ?? ""
        let kind: ArchiveMember.Kind
        switch library.entry_filetype(entry) & UInt32(ARBOR_AE_IFMT) {
        case UInt32(ARBOR_AE_IFDIR): kind = .directory
        case UInt32(ARBOR_AE_IFLNK): kind = .symlink(library.entry_symlink(entry).map { Self.text($0) } ?? "")
        case UInt32(ARBOR_AE_IFREG):
            if let target = library.entry_hardlink(entry) { kind = .hardlink(Self.text(target)) } else { kind = .file }
        default: kind = path.hasSuffix("/") ? .directory : .other
        }
        let size = library.entry_size_is_set(entry) != 0 ? library.entry_size(entry) : nil
        if case .file = kind, let size, size <= Self.keptBytes { lastIsKept = keepsLast } else { lastIsKept = false }
        return ArchiveMember(parts: ArchiveMember.parts(of: path), kind: kind,
                             size: size,
                             modified: Int64(library.entry_mtime(entry)), permissions: library.entry_perm(entry) & 0o7777,
                             isEncrypted: library.entry_is_encrypted(entry) > 0, index: count)
    }

    /// Reads the current member's content into the buffer of the last one, when it is kept; the header after it
    /// (or the end) skips it otherwise. A read that fails leaves nothing kept: the next header says where it broke.
    private func readLast() {
        guard lastIsKept else { return }
        lastBytes.removeAll(keepingCapacity: true)
        var block = [UInt8](repeating: 0, count: 1 << 16)
        while lastBytes.count <= Self.keptBytes {
            let read = block.withUnsafeMutableBytes { library.read_data(handle, $0.baseAddress, $0.count) }
            if read == 0 { return }
            guard read > 0 else { break }
            lastBytes += block[..<read]
        }
        lastIsKept = false
    }

    /// Up to `limit` bytes of the current member's content, and whether it has more; an error says where it broke.
    func content(limit: Int) throws(SourceLoadError) -> (bytes: [UInt8], isCut: Bool) {
        var bytes: [UInt8] = []
        var block = [UInt8](repeating: 0, count: 1 << 16)
        while bytes.count < limit {
            let read = block.withUnsafeMutableBytes { library.read_data(handle, $0.baseAddress, min($0.count, limit - bytes.count)) }
            if read == 0 { return (bytes, false) }
            guard read > 0 else { throw SourceLoadError("\(origin): \(error)") }
            bytes += block[..<read]
        }
        var probe: UInt8 = 0
        return (bytes, library.read_data(handle, &probe, 1) > 0)
    }

    /// Hands the current member's content on a block at a time, to its end.
    func forEachBlock(_ body: (UnsafeRawBufferPointer) -> Void) throws(SourceLoadError) {
        var block = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let read = block.withUnsafeMutableBytes { library.read_data(handle, $0.baseAddress, $0.count) }
            if read == 0 { return }
            guard read > 0 else { throw SourceLoadError("\(origin): \(error)") }
            block.withUnsafeBytes { body(UnsafeRawBufferPointer(rebasing: $0[..<read])) }
        }
    }

    /// A C string from the archive as text, its invalid bytes kept as lossless text.
    private static func text(_ pointer: UnsafePointer<CChar>) -> String {
        let bytes = UnsafeRawBufferPointer(start: pointer, count: strlen(pointer))
        return LosslessText.decode(Array(bytes)[...])
    }
}
