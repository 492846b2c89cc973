import ArborCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The built-in preview of a directory entry: a text file's first lines (only what they need read), a binary
/// file's kind and size, a directory's entries counted with its files' total size.
enum FilePreview {
    /// The most bytes read of a file for its preview, however many lines are asked for.
    static let readLimit = 1 << 20

    /// The preview of the entry at `path`, `lines` lines at most.
    static func preview(of entry: FileEntry, path: [UInt8], lines: Int, listing: () throws -> DirectoryListing) throws -> ItemPreview {
        switch entry.kind {
        case .directory: return directory(entry, path: path, listing: try listing(), lines: lines)
        case .file: return try file(entry, path: path, lines: lines)
        case .symlink: return ItemPreview(lines: [PreviewLine(entry.name, .heading), PreviewLine("symbolic link → " + (entry.target ?? "?"), .dim)])
        case .other: return ItemPreview(lines: [PreviewLine(entry.name, .heading), PreviewLine("special file (not read)", .dim)])
        }
    }

    /// A file's first lines, read a block at a time until there are enough; a binary file as one line.
    static func file(_ entry: FileEntry, path: [UInt8], lines: Int, limit: Int = readLimit) throws -> ItemPreview {
        let fd = path.withNullTerminated { open($0, O_RDONLY | O_CLOEXEC | O_NONBLOCK) }
        guard fd >= 0 else { throw SourceError("\(entry.id): \(SourceFile.reason(errno))") }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var newlines = 0
        var buffer = [UInt8](repeating: 0, count: 64 << 10)
        var atEnd = false
        while newlines < lines, bytes.count < limit {
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else {
                atEnd = true
                break
            }
            newlines += buffer[0..<count].reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
            bytes += buffer[0..<count]
        }
        return text(bytes, size: Int(entry.size), atEnd: atEnd, lines: lines)
    }

    /// The preview of a file's first bytes: `(empty file)`, a binary file's kind and size, or its first `lines`
    /// lines (cut when the bytes end before the file does). Files on disk and archive members alike.
    static func text(_ bytes: [UInt8], size: Int, atEnd: Bool, lines: Int) -> ItemPreview {
        if bytes.isEmpty { return ItemPreview(lines: [PreviewLine("(empty file)", .dim)]) }
        if let kind = BinaryInput.description(of: bytes[...]) {
            return ItemPreview(lines: [PreviewLine([PreviewRun(kind, .dim), PreviewRun(" · " + ByteSize.text(size), .dim)])])
        }
        var shown = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).prefix(lines).map { line in
            PreviewLine(LosslessText.decode(line.last == 0x0D ? line.dropLast() : line))
        }
        if atEnd, shown.last?.runs.first?.text.isEmpty == true, bytes.last == 0x0A { shown.removeLast() }
        let isCut = !atEnd || shown.count >= lines && bytes.count < size
        return ItemPreview(lines: shown, isCut: isCut)
    }

    /// A directory's counts and total size of its files, then its first entries.
    static func directory(_ entry: FileEntry, path: [UInt8], listing: DirectoryListing, lines: Int) -> ItemPreview {
        let prefix = FileSystemSource.prefix(path)
        var directories = 0
        var files = 0
        var others = 0
        var total: Int64 = 0
        // Entries are examined for their sizes only as far as a page of the pane's worth is cheap.
        let examined = min(listing.count, 2_000)
        for position in 0..<examined {
            if listing.isDirectory(at: position) {
                directories += 1
                continue
            }
            guard let child = FileEntry(path: prefix + listing.name(at: position)) else { continue }
            if child.kind == .file {
                files += 1
                total += child.size
            } else {
                others += 1
            }
        }
        var summary = "\(listing.count) " + (listing.count == 1 ? "entry" : "entries")
        summary += " · \(directories) " + (directories == 1 ? "directory" : "directories") + " · \(files) " + (files == 1 ? "file" : "files")
        if others > 0 { summary += " · \(others) other" }
        var result = [PreviewLine(entry.name + "/", .heading), PreviewLine(summary, .dim)]
        let sizeNote = examined < listing.count ? " in its first \(examined) entries" : ""
        result.append(PreviewLine(ByteSize.text(Int(total)) + " in its files" + sizeNote, .dim))
        result.append(PreviewLine(""))
        for position in 0..<min(listing.count, max(0, lines - result.count)) {
            let name = LosslessText.decode(listing.name(at: position))
            result.append(listing.isDirectory(at: position) ? PreviewLine(name + "/", .key) : PreviewLine(name))
        }
        return ItemPreview(lines: result, isCut: result.count - 4 < listing.count)
    }
}

extension FileSystemSource: PreviewingItems, LocatingItems {
    package func preview(of id: String, lines: Int) async throws -> ItemPreview {
        let path = LosslessText.encode(id)
        guard let entry = FileEntry(path: path) else { throw SourceError("\(id): \(SourceFile.reason(errno))") }
        return try FilePreview.preview(of: entry, path: path, lines: lines) { try listing(of: id) }
    }

    /// A file is at its own path, from its first line.
    package func location(of id: String) async throws -> ItemLocation {
        ItemLocation(path: id, file: id, line: 1)
    }
}
