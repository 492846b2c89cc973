import ArborCore

/// Reads a JSON object tree (from a file or bytes) into a hierarchy held in memory.
package enum JSONTreeReader {
    /// Reads and parses a file; errors name the file, the line and the column.
    package static func open(path: String, name: String? = nil, mapping: FieldMapping = FieldMapping())
        throws(SourceLoadError) -> StaticHierarchy
    {
        let bytes = try SourceFile.read(path)
        return try load(bytes, name: name ?? displayName(for: path), origin: path, mapping: mapping)
    }

    /// Parses bytes; `origin` names them in errors.
    package static func load(_ bytes: [UInt8], name: String, origin: String, mapping: FieldMapping = FieldMapping())
        throws(SourceLoadError) -> StaticHierarchy
    {
        JSONTreeBuilder(mapping: mapping).hierarchy(from: try parse(bytes, origin: origin), name: name)
    }

    /// Parses JSON; a syntax error becomes `ORIGIN:LINE:COLUMN: invalid JSON: ...`.
    static func parse(_ bytes: [UInt8], origin: String) throws(SourceLoadError) -> JSONDocument {
        do {
            return try JSONDocument.parse(bytes)
        } catch {
            throw SourceLoadError("\(origin):\(error.line):\(error.column): invalid JSON: \(error.message)", offset: error.offset)
        }
    }

    /// The last component of a path, for the header line.
    package static func displayName(for path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }
}
