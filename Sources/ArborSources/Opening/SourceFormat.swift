/// The name of a format Arbor reads, as `--format` takes it; the kinds in ``SourceKinds`` say which they open.
package struct SourceFormat: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    /// The name.
    package let rawValue: String

    /// The format of this name, or nil when no kind opens it.
    package init?(rawValue: String) {
        guard SourceKinds.kind(for: rawValue) != nil else { return nil }
        self.rawValue = rawValue
    }

    /// A format of any name (the kinds declare theirs with it).
    package init(_ name: String) {
        rawValue = name
    }

    package var description: String { rawValue }

    /// JSON: an object tree when objects hold a children array, any other document otherwise.
    package static let json = SourceFormat("json")
    /// A JSON object tree, whatever it looks like.
    package static let tree = SourceFormat("tree")
    /// A JSON document shown value by value, even when it has children arrays.
    package static let document = SourceFormat("document")
    /// JSON Lines: one JSON value a line.
    package static let jsonl = SourceFormat("jsonl")
    /// XML: elements as items.
    package static let xml = SourceFormat("xml")
    /// TOML, as a document.
    package static let toml = SourceFormat("toml")
    /// A property list (XML or binary), as a document.
    package static let plist = SourceFormat("plist")
    /// INI settings, as a document.
    package static let ini = SourceFormat("ini")
    /// A list of paths, one a line.
    package static let paths = SourceFormat("paths")
    /// YAML: an object tree or a document by the same rules as JSON; several documents form a list.
    package static let yaml = SourceFormat("yaml")
    /// A comma-separated adjacency table.
    package static let csv = SourceFormat("csv")
    /// A tab-separated adjacency table.
    package static let tsv = SourceFormat("tsv")
    /// A directory tree, read lazily.
    package static let fs = SourceFormat("fs")
    /// The output of commands, run as columns open.
    package static let cmd = SourceFormat("cmd")
    /// An adjacency table in a SQLite database, read lazily.
    package static let sqlite = SourceFormat("sqlite")
    /// An archive (zip, tar, 7z...) browsed as a directory.
    package static let archive = SourceFormat("archive")
    /// A table in a PostgreSQL database, read lazily and read-only.
    package static let postgres = SourceFormat("postgres")

    /// The format a file name's extension implies, if a kind claims the extension.
    package static func byExtension(_ path: String) -> SourceFormat? {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
        let suffix = name[name.index(after: dot)...].lowercased()
        for kind in SourceKinds.all {
            if let format = kind.extensions[suffix] { return format }
        }
        return nil
    }

    /// The format the first bytes suggest: the first kind that recognises them, a path list otherwise.
    package static func sniff(_ bytes: [UInt8]) -> SourceFormat {
        for kind in SourceKinds.all {
            if let format = kind.recognises(bytes) { return format }
        }
        return .paths
    }
}
