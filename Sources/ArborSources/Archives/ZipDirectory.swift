import ArborCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A zip's members read from its central directory by Arbor itself, a block at a time: the first screen of a
/// zip of any size comes from the directory's first entries. (libarchive reads the whole directory into entries
/// of its own before it returns the first; it still reads the members' content.)
final class ZipDirectory: ArchiveHeaders {
    private let descriptor: Int32
    private let origin: String
    /// Where the directory's next entry is in the file, and where the directory ends.
    private var cursor: Int64
    private let end: Int64
    private var block: [UInt8] = []
    private var blockStart: Int64 = 0
    private var count = 0
    let format = "ZIP (central directory)"

    /// The directory of the zip at `path`, or nil when the file has no end record a zip's directory can be found
    /// by (then libarchive reads it as whatever it is).
    init?(path: String) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        self.descriptor = descriptor
        origin = path
        var status = stat()
        guard fstat(descriptor, &status) == 0, let (start, size) = Self.directory(descriptor, fileSize: Int64(status.st_size)),
              start >= 0, size >= 0, start + size <= Int64(status.st_size) else {
            close(descriptor)
            return nil
        }
        cursor = start
        end = start + size
    }

    deinit {
        close(descriptor)
    }

    /// The central directory's place and size, from the end record (and the ZIP64 one it points to).
    private static func directory(_ descriptor: Int32, fileSize: Int64) -> (start: Int64, size: Int64)? {
        let tail = Int(min(fileSize, 65_557))
        let bytes = read(descriptor, at: fileSize - Int64(tail), count: tail)
        guard bytes.count == tail, tail >= 22 else { return nil }
        guard let record = stride(from: tail - 22, through: 0, by: -1).first(where: { le32(bytes, $0) == 0x0605_4B50 }) else { return nil }
        var size = Int64(le32(bytes, record + 12))
        var start = Int64(le32(bytes, record + 16))
        if size == 0xFFFF_FFFF || start == 0xFFFF_FFFF, record >= 20, le32(bytes, record - 20) == 0x0706_4B50 {
            let zip64 = Int64(bitPattern: le64(bytes, record - 20 + 8))
            let end64 = read(descriptor, at: zip64, count: 56)
            guard end64.count == 56, le32(end64, 0) == 0x0606_4B50 else { return nil }
            size = Int64(bitPattern: le64(end64, 40))
            start = Int64(bitPattern: le64(end64, 48))
        }
        return (start, size)
    }

    /// The next member of the directory, or nil at its end.
    func next() throws(SourceLoadError) -> ArchiveMember? {
        guard cursor < end else { return nil }
        let fixed = try bytes(at: cursor, count: 46)
        guard le32(fixed, 0) == 0x0201_4B50 else { throw SourceLoadError("\(origin): member \(count + 1): not a central directory entry") }
        let nameLength = Int(le16(fixed, 28))
        let extraLength = Int(le16(fixed, 30))
        let commentLength = Int(le16(fixed, 32))
        let variable = try bytes(at: cursor + 46, count: nameLength + extraLength)
        cursor += Int64(46 + nameLength + extraLength + commentLength)
        defer { count += 1 }
        let name = LosslessText.decode(variable[..<nameLength])
        var compressed = Int64(le32(fixed, 20))
        var size = Int64(le32(fixed, 24))
        var offset = Int64(le32(fixed, 42))
        Self.applyZip64(Array(variable[nameLength...]), size: &size, compressed: &compressed, offset: &offset)
        let madeOnUnix = fixed[5] == 3
        let mode = madeOnUnix ? le32(fixed, 38) >> 16 : 0
        let kind: ArchiveMember.Kind
        if name.hasSuffix("/") || mode & 0o170000 == 0o040000 {
            kind = .directory
        } else if mode & 0o170000 == 0o120000 {
            kind = .symlink("")
        } else {
            kind = .file
        }
        return ArchiveMember(parts: ArchiveMember.parts(of: name), kind: kind, size: size, modified: Self.time(date: le16(fixed, 14), time: le16(fixed, 12)),
                             permissions: mode == 0 ? 0o644 : mode & 0o7777, isEncrypted: le16(fixed, 8) & 1 != 0, index: count,
                             location: ZipLocation(offset: offset, compressed: compressed))
    }

    /// Sizes and the offset a ZIP64 extra field holds in place of the 32-bit ones set to all ones.
    private static func applyZip64(_ extra: [UInt8], size: inout Int64, compressed: inout Int64, offset: inout Int64) {
        var place = 0
        while place + 4 <= extra.count {
            let id = le16(extra, place)
            let length = Int(le16(extra, place + 2))
            var field = place + 4
            if id == 0x0001 {
                if size == 0xFFFF_FFFF, field + 8 <= extra.count { size = Int64(bitPattern: le64(extra, field)); field += 8 }
                if compressed == 0xFFFF_FFFF, field + 8 <= extra.count { compressed = Int64(bitPattern: le64(extra, field)); field += 8 }
                if offset == 0xFFFF_FFFF, field + 8 <= extra.count { offset = Int64(bitPattern: le64(extra, field)) }
                return
            }
            place += 4 + length
        }
    }

    /// A DOS date and time as seconds since 1970, read as UTC.
    private static func time(date: UInt16, time: UInt16) -> Int64 {
        var parts = tm()
        parts.tm_year = Int32(date >> 9) + 80
        parts.tm_mon = Int32((date >> 5) & 15) - 1
        parts.tm_mday = Int32(date & 31)
        parts.tm_hour = Int32(time >> 11)
        parts.tm_min = Int32((time >> 5) & 63)
        parts.tm_sec = Int32(time & 31) * 2
        return Int64(timegm(&parts))
    }

    /// `count` bytes of the file at `offset`, through a block of 1 MiB read ahead.
    private func bytes(at offset: Int64, count: Int) throws(SourceLoadError) -> [UInt8] {
        if offset < blockStart || offset + Int64(count) > blockStart + Int64(block.count) {
            block = Self.read(descriptor, at: offset, count: max(count, 1 << 20))
            blockStart = offset
            guard block.count >= count else { throw SourceLoadError("\(origin): member \(self.count + 1): the central directory is cut short") }
        }
        let start = Int(offset - blockStart)
        return Array(block[start..<(start + count)])
    }

    /// Up to `count` bytes of the file at `offset`.
    static func read(_ descriptor: Int32, at offset: Int64, count: Int) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            let got = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress! + filled, count - filled, off_t(offset) + off_t(filled)) }
            if got < 0, errno == EINTR { continue }
            guard got > 0 else { break }
            filled += got
        }
        return Array(bytes[..<filled])
    }
}

/// Where a zip member's local header is and how many bytes of compressed content follow it.
struct ZipLocation: Sendable, Hashable {
    let offset: Int64
    let compressed: Int64
}

private func le16(_ bytes: [UInt8], _ at: Int) -> UInt16 { UInt16(bytes[at]) | UInt16(bytes[at + 1]) << 8 }
private func le32(_ bytes: [UInt8], _ at: Int) -> UInt32 { UInt32(le16(bytes, at)) | UInt32(le16(bytes, at + 2)) << 16 }
private func le64(_ bytes: [UInt8], _ at: Int) -> UInt64 { UInt64(le32(bytes, at)) | UInt64(le32(bytes, at + 4)) << 32 }
