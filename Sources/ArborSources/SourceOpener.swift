import ArborCore
import Dispatch

/// The formats Arbor reads.
public enum SourceFormat: String, Sendable, CaseIterable {
    /// JSON: an object tree when objects hold a children array, any other document otherwise.
    case json
    /// A JSON object tree, whatever it looks like.
    case tree
    /// A JSON document shown value by value, even when it has children arrays.
    case document
    /// A list of paths, one a line.
    case paths
    /// YAML: an object tree or a document by the same rules as JSON; several documents form a list.
    case yaml
    /// A comma-separated adjacency table.
    case csv
    /// A tab-separated adjacency table.
    case tsv
    /// A directory tree, read lazily.
    case fs
    /// The output of commands, run as columns open.
    case cmd
    /// An adjacency table in a SQLite database, read lazily.
    case sqlite

    /// The format a file name's extension implies, if any.
    public static func byExtension(_ path: String) -> SourceFormat? {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
        switch name[name.index(after: dot)...].lowercased() {
        case "json": return .json
        case "txt", "lst", "list", "paths": return .paths
        case "csv": return .csv
        case "yaml", "yml": return .yaml
        case "sqlite", "sqlite3", "db": return .sqlite
        case "tsv", "tab": return .tsv
        default: return nil
        }
    }

    /// The format the first bytes suggest: JSON when they open an object or an array, paths otherwise.
    public static func sniff(_ bytes: [UInt8]) -> SourceFormat {
        if bytes.starts(with: Array("SQLite format 3\u{0}".utf8)) { return .sqlite }
        var index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        guard index < bytes.count else { return .paths }
        return bytes[index] == UInt8(ascii: "{") || bytes[index] == UInt8(ascii: "[") ? .json : .paths
    }
}

/// What the command line says to open and how.
public struct SourceRequest: Sendable {
    /// A file path, or nil for standard input.
    public var path: String?
    /// The format, or nil to detect it.
    public var format: SourceFormat?
    /// Field names for documents.
    public var mapping: FieldMapping
    /// The separator of path lists.
    public var separator: UInt8
    /// The commands of a command source, when the hierarchy comes from commands.
    public var commands: CommandSpec?
    /// The table of a SQLite source.
    public var table: String?
    /// The column a SQLite source orders children by (default: the id column).
    public var orderBy: String?

    /// Creates a request.
    public init(path: String?, format: SourceFormat? = nil, mapping: FieldMapping = FieldMapping(), separator: UInt8 = UInt8(ascii: "/")) {
        self.path = path
        self.format = format
        self.mapping = mapping
        self.separator = separator
    }
}

/// The commands that produce a hierarchy.
public struct CommandSpec: Sendable {
    /// Prints the children of `{}`.
    public var children: String
    /// Prints the parent of `{}`, if given.
    public var parent: String?
    /// The id of the root, or nil for a list of top-level items.
    public var root: String?
    /// Seconds a command may run.
    public var timeout: Double

    /// Creates a specification.
    public init(children: String, parent: String? = nil, root: String? = nil, timeout: Double = 10) {
        self.children = children
        self.parent = parent
        self.root = root
        self.timeout = timeout
    }
}

/// An opened source and what was detected about it.
public struct OpenedSource: Sendable {
    /// The hierarchy.
    public var hierarchy: any HierarchySource
    /// The format it was read as.
    public var format: SourceFormat
    /// Problems in the data that did not stop it from opening, each naming its place.
    public var problems: [String] = []
}

/// Reads a file or standard input and builds the hierarchy in the format asked for or detected.
public enum SourceOpener {
    private static func openSQLite(_ path: String, _ request: SourceRequest) throws(SourceLoadError) -> OpenedSource {
        guard SourceFile.exists(path) else { throw SourceLoadError("\(path): No such file or directory") }
        let source = try SQLiteSource(path: path, table: request.table, mapping: request.mapping, orderBy: request.orderBy)
        return OpenedSource(hierarchy: source, format: .sqlite)
    }

    /// An object tree when the format says so or the document looks like one; a document otherwise.
    static func documentSource(_ document: JSONDocument, name: String, format: SourceFormat, mapping: FieldMapping) -> OpenedSource {
        let isTree = format == .tree
            || (format == .json && JSONDocumentBuilder.isObjectTree(document, childrenField: mapping.children))
        if isTree {
            return OpenedSource(hierarchy: JSONTreeBuilder(mapping: mapping).hierarchy(from: document, name: name), format: .tree)
        }
        return OpenedSource(hierarchy: JSONDocumentBuilder().hierarchy(from: document, name: name), format: .document)
    }

    /// Opens what `request` names; errors name the file and the place. With `streaming`, a long path list
    /// opens as soon as its first part is read (a `GrowingPathList`), the rest being read on another thread.
    public static func open(_ request: SourceRequest, streaming: Bool = false) throws(SourceLoadError) -> OpenedSource {
        let origin = request.path ?? "stdin"
        if let commands = request.commands {
            let source = CommandSource(
                childrenCommand: commands.children, parentCommand: commands.parent, root: commands.root, timeout: commands.timeout)
            return OpenedSource(hierarchy: source, format: .cmd)
        }
        if let path = request.path, request.format == .fs || (request.format == nil && SourceFile.isDirectory(path)) {
            guard SourceFile.isDirectory(path) else { throw SourceLoadError("\(path): not a directory") }
            return OpenedSource(hierarchy: FileSystemSource(path: path), format: .fs)
        }
        if let path = request.path, request.format == .sqlite || (request.format == nil && SourceFormat.byExtension(path) == .sqlite) {
            return try openSQLite(path, request)
        }
        let reader = try SourceReader(path: request.path ?? "/dev/stdin")
        if streaming { try reader.read(limit: firstPart, for: 0.05) } else { try reader.readRest() }
        let name = request.path.map(JSONTreeSource.displayName(for:)) ?? "stdin"
        let format = request.format ?? request.path.flatMap(SourceFormat.byExtension) ?? SourceFormat.sniff(reader.bytes)
        if format == .paths, !reader.isAtEnd, let partial = growingPathList(reader, name: name, separator: request.separator) {
            return OpenedSource(hierarchy: partial, format: .paths)
        }
        try reader.readRest()
        let bytes = reader.bytes
        switch format {
        case .json, .tree, .document:
            if let lazy = JSONIndexing.open(bytes, name: name, format: format, mapping: request.mapping) { return lazy }
            let document = try JSONTreeSource.parse(bytes, origin: origin)
            return documentSource(document, name: name, format: format, mapping: request.mapping)
        case .yaml:
            let documents = try YAMLLoader.documents(bytes, origin: origin)
            if documents.count == 1 { return documentSource(documents[0], name: name, format: .json, mapping: request.mapping) }
            if documents.isEmpty { throw SourceLoadError("\(origin): the YAML stream holds no document") }
            let stream = YAMLLoader.stream(documents)
            return OpenedSource(hierarchy: JSONDocumentBuilder().hierarchy(from: stream, name: name, isStream: true), format: .document)
        case .csv, .tsv:
            let delimiter = format == .csv ? UInt8(ascii: ",") : 0x09
            if let indexed = IndexedTable(bytes: bytes, delimiter: delimiter, name: name, mapping: request.mapping) {
                return OpenedSource(hierarchy: indexed, format: format)
            }
            let table: DelimitedTable
            do {
                table = try DelimitedTable.parse(bytes, delimiter: format == .csv ? UInt8(ascii: ",") : 0x09)
            } catch {
                throw SourceLoadError("\(origin): \(error.message)")
            }
            do {
                let built = try AdjacencyTableBuilder(mapping: request.mapping).hierarchy(from: table, name: name)
                return OpenedSource(hierarchy: built.hierarchy, format: format, problems: built.problems.map { "\(origin): \($0)" })
            } catch {
                throw SourceLoadError("\(origin): \(error.message)")
            }
        case .fs:
            throw SourceLoadError("\(origin): a directory tree needs a directory path")
        case .cmd:
            throw SourceLoadError("--format cmd needs --children-cmd")
        case .sqlite:
            guard let path = request.path else { throw SourceLoadError("stdin: a SQLite database must be a file") }
            return try openSQLite(path, request)
        case .paths:
            let hierarchy = PathListBuilder(separator: request.separator).hierarchy(from: bytes, name: name)
            return OpenedSource(hierarchy: hierarchy, format: .paths)
        }
    }

    /// How much of a path list is read before it is shown.
    static let firstPart = 256 << 10

    /// The tree of the whole lines read so far, growing to the whole list on another thread; nil when no
    /// line is whole yet. A slow pipe shows what has come every half second, then every second, every two...
    private static func growingPathList(_ reader: SourceReader, name: String, separator: UInt8) -> GrowingPathList? {
        guard let lastLine = reader.bytes.lastIndex(of: 0x0A) else { return nil }
        let builder = PathListBuilder(separator: separator)
        let growing = GrowingPathList(partial: builder.hierarchy(from: Array(reader.bytes[...lastLine]), name: name))
        let handoff = ReaderHandoff(reader)
        DispatchQueue.global().async {
            let reader = handoff.reader
            var interval = 0.5
            do throws(SourceLoadError) {
                while !reader.isAtEnd {
                    let before = reader.bytes.count
                    try reader.read(for: interval)
                    interval *= 2
                    if !reader.isAtEnd, reader.bytes.count > before, let lastLine = reader.bytes.lastIndex(of: 0x0A) {
                        growing.update(with: builder.hierarchy(from: Array(reader.bytes[...lastLine]), name: name))
                    }
                }
            } catch {
                growing.complete(with: builder.hierarchy(from: reader.bytes, name: name), problem: error.message)
                return
            }
            growing.complete(with: builder.hierarchy(from: reader.bytes, name: name))
        }
        return growing
    }
}

/// Hands a reader to the thread that reads the rest; the opening thread no longer touches it.
private struct ReaderHandoff: @unchecked Sendable {
    let reader: SourceReader

    init(_ reader: SourceReader) {
        self.reader = reader
    }
}
