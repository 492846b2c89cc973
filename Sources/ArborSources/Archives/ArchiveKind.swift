import ArborCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Archives browsed as directories (``ArchiveSource``): by their name, or by their first bytes.
struct ArchiveKind: SourceKind {
    var formats: [SourceFormat] { [.archive] }
    var summary: String { "an archive (zip, jar, whl, docx, tar, tar.gz/bz2/xz/zst/lz4, 7z, deb, cpio, iso), browsed as a directory, never extracted" }
    var extensions: [String: SourceFormat] { Dictionary(uniqueKeysWithValues: Self.suffixes.map { ($0, SourceFormat.archive) }) }
    var readsBinary: Bool { true }
    var idsArePaths: Bool { true }

    /// The name endings of archives, lower case.
    static let suffixes = ["zip", "jar", "war", "ear", "whl", "apk", "aar", "docx", "xlsx", "pptx", "odt", "ods", "odp", "epub",
                           "tar", "tgz", "tbz", "tbz2", "txz", "tzst", "tlz4", "gz", "bz2", "xz", "zst", "lz4", "7z", "deb", "cpio",
                           "iso", "rpm"]

    /// Whether a name ends as an archive's does.
    static func namesArchive(_ name: String) -> Bool {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return false }
        return suffixes.contains(name[name.index(after: dot)...].lowercased())
    }

    /// Whether the first bytes are an archive's or a compressed stream's.
    static func recognisesArchive(_ bytes: [UInt8]) -> Bool {
        let signatures: [[UInt8]] = [
            [0x50, 0x4B, 0x03, 0x04], [0x50, 0x4B, 0x05, 0x06], [0x1F, 0x8B], Array("BZh".utf8), [0xFD, 0x37, 0x7A, 0x58, 0x5A, 0x00],
            [0x28, 0xB5, 0x2F, 0xFD], [0x37, 0x7A, 0xBC, 0xAF, 0x27, 0x1C], Array("!<arch>\n".utf8), Array("070701".utf8),
            Array("070707".utf8), Array("070702".utf8), [0x04, 0x22, 0x4D, 0x18],
        ]
        if signatures.contains(where: { bytes.starts(with: $0) }) { return true }
        return bytes.count >= 262 && bytes[257..<262].elementsEqual("ustar".utf8)
    }

    /// Whether the file at `path` starts as an archive does.
    static func recognisesArchive(path: String) -> Bool {
        guard !SourceFile.isDirectory(path), let file = fopen(path, "rb") else { return false }
        defer { fclose(file) }
        var bytes = [UInt8](repeating: 0, count: 512)
        let count = fread(&bytes, 1, bytes.count, file)
        return recognisesArchive(Array(bytes[..<count]))
    }

    func recognises(_ bytes: [UInt8]) -> SourceFormat? {
        Self.recognisesArchive(bytes) ? .archive : nil
    }

    func claims(_ request: SourceRequest) -> Bool {
        guard let path = request.path, !SourceFile.isDirectory(path) else { return false }
        return request.format == .archive || (request.format == nil && SourceFormat.byExtension(path) == .archive)
    }

    func open(_ request: SourceRequest) throws(SourceLoadError) -> OpenedSource {
        guard let path = request.path else { throw SourceLoadError("stdin: name the archive's file") }
        guard SourceFile.exists(path) else { throw SourceLoadError("\(path): No such file or directory") }
        return opened(try ArchiveSource(path: path, rootID: path, request: request))
    }

    func open(_ input: SourceInput, as format: SourceFormat, request: SourceRequest) throws(SourceLoadError) -> OpenedSource {
        if let path = request.path { return try open(SourceRequest(path: path, format: .archive).with(request)) }
        return opened(try ArchiveSource(path: input.origin, bytes: input.bytes, rootID: input.name, request: request))
    }

    private func opened(_ archive: ArchiveSource) -> OpenedSource {
        OpenedSource(hierarchy: archive, format: .archive, problems: archive.listing.problem.map { [$0] } ?? [])
    }
}

private extension SourceRequest {
    /// This request's path and format with everything else `other` asks.
    func with(_ other: SourceRequest) -> SourceRequest {
        var merged = other
        merged.path = path
        merged.format = format
        return merged
    }
}
