/// Every kind of source Arbor opens, in the order they are asked to claim a request and to recognise an input.
package enum SourceKinds {
    /// The kinds. A new kind is a folder of its own in `Sources/ArborSources/` and one line here.
    package static let all: [any SourceKind] = [
        CommandKind(),
        FileSystemKind(),
        SQLiteKind(),
        ArchiveKind(),
        PostgresKind(),
        JSONLinesKind(),
        JSONKind(),
        YAMLKind(),
        PropertyListKind(),
        XMLKind(),
        TOMLKind(),
        INIKind(),
        TableKind(),
        PathListKind(),
    ]

    /// The kind that opens a format of this name.
    package static func kind(for format: String) -> (any SourceKind)? {
        all.first { $0.formats.contains { $0.rawValue == format } }
    }

    /// The names `--format` takes, in the kinds' order.
    package static var formatNames: [String] {
        all.flatMap { $0.formats.map(\.rawValue) }
    }

    /// The options every kind adds, each once.
    package static var options: [SourceOption] {
        var seen: Set<String> = []
        return all.flatMap(\.options).filter { seen.insert($0.name).inserted }
    }
}
