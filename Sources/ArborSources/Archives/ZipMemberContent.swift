#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A zip member's content read from its place in the file: its local header, its compressed bytes and the
/// descriptor after them, handed to libarchive as a zip of one member, so that no other member is touched.
enum ZipMemberContent {
    /// Up to `limit` bytes of the content of the member at `location` in the zip at `path`, and whether it has more.
    static func read(_ location: ZipLocation, in path: String, limit: Int) throws(SourceLoadError) -> (bytes: [UInt8], isCut: Bool) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw SourceLoadError("\(path): \(String(cString: strerror(errno)))") }
        defer { close(descriptor) }
        let header = ZipDirectory.read(descriptor, at: location.offset, count: 30)
        guard header.count == 30, header[0..<4].elementsEqual([0x50, 0x4B, 0x03, 0x04]) else {
            throw SourceLoadError("\(path): no member at offset \(location.offset)")
        }
        let variable = Int(header[26]) | Int(header[27]) << 8 | Int(header[28]) << 16 | Int(header[29]) << 24
        // The data descriptor that may follow the content (at most 24 bytes) is read with it.
        // A first part needs no more compressed bytes than it holds, and a little for the blocks' headers.
        let length = 30 + variable + min(Int(location.compressed) + 24, limit < Int.max / 2 ? limit + limit / 64 + 4_096 : .max)
        let member = ZipDirectory.read(descriptor, at: location.offset, count: length)
        let reader = try ArchiveReader(path: path, bytes: member)
        guard try reader.next() != nil else { throw SourceLoadError("\(path): no member at offset \(location.offset)") }
        return try reader.content(limit: limit)
    }
}
