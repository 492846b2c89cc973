/// The name of a format Arbor reads, as `--format` takes it; the kinds in ``SourceKinds`` say which they open.
public struct SourceFormat: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    /// The name.
    public let rawValue: String

    /// The format of this name, or nil when no kind opens it.
    public init?(rawValue: String) {
        guard SourceKinds.kind(for: rawValue) != nil else { return nil }
        self.rawValue = rawValue
    }

    /// A format of any name (the kinds declare theirs with it).
    public init(_ name: String) {
        rawValue = name
    }

    public var description: String { rawValue }

    /// JSON: an object tree when objects hold a children array, any other document otherwise.
    public static let json = SourceFormat("json")
    /// A JSON object tree, whatever it looks like.
    public static let tree = SourceFormat("tree")
    /// A JSON document shown value by value, even when it has children arrays.
    public static let document = SourceFormat("document")
    /// JSON Lines: one JSON value a line.
    public static let jsonl = SourceFormat("jsonl")
    /// XML: elements as items.
    public static let xml = SourceFormat("xml")
    /// TOML, as a document.
    public static let toml = SourceFormat("toml")
    /// A property list (XML or binary), as a document.
    public static let plist = SourceFormat("plist")
    /// INI settings, as a document.
    public static let ini = SourceFormat("ini")
    /// A list of paths, one a line.
    public static let paths = SourceFormat("paths")
    /// YAML: an object tree or a document by the same rules as JSON; several documents form a list.
    public static let yaml = SourceFormat("yaml")
    /// A comma-separated adjacency table.
    public static let csv = SourceFormat("csv")
    /// A tab-separated adjacency table.
    public static let tsv = SourceFormat("tsv")
    /// A directory tree, read lazily.
    public static let fs = SourceFormat("fs")
    /// The output of commands, run as columns open.
    public static let cmd = SourceFormat("cmd")
    /// An adjacency table in a SQLite database, read lazily.
    public static let sqlite = SourceFormat("sqlite")
    /// A table in a PostgreSQL database, read lazily and read-only.
    public static let postgres = SourceFormat("postgres")

    /// The format a file name's extension implies, if a kind claims the extension.
    public static func byExtension(_ path: String) -> SourceFormat? {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
        let suffix = name[name.index(after: dot)...].lowercased()
        for kind in SourceKinds.all {
            if let format = kind.extensions[suffix] { return format }
        }
        return nil
    }

    /// The format the first bytes suggest: the first kind that recognises them, a path list otherwise.
    public static func sniff(_ bytes: [UInt8]) -> SourceFormat {
        for kind in SourceKinds.all {
            if let format = kind.recognises(bytes) { return format }
        }
        return .paths
    }
}
