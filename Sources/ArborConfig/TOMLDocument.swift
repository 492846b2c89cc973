import ArborSources

/// A parsed TOML file that can say on which line a key was written.
struct TOMLDocument {
    let file: String
    let table: TOMLTable
    private let lines: [Substring]

    /// Parses `text`; a syntax error names its line and column.
    init(text: String, file: String) throws(ConfigError) {
        self.file = file
        lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        do {
            table = try TOMLParser.parse(text)
        } catch {
            throw ConfigError(file: file, line: error.line, column: error.column, error.message)
        }
    }

    /// The first line, counted from 1, that sets `key` inside `[section]` (or at the top when nil).
    func line(ofKey key: String, in section: String? = nil) -> Int? {
        var current: String?
        for (index, raw) in lines.enumerated() {
            let line = Self.trimmed(raw, dropping: " \t")
            if line.hasPrefix("[") {
                current = Self.trimmed(line.dropFirst().prefix { $0 != "]" }, dropping: " \t")
                if section == nil, current == key { return index + 1 }
                continue
            }
            guard current == section, let equals = line.firstIndex(of: "=") else { continue }
            let name = Self.trimmed(line[..<equals], dropping: " \t\"'")
            if name == key { return index + 1 }
        }
        return nil
    }

    private static func trimmed(_ text: some StringProtocol, dropping characters: String) -> String {
        String(text.drop { characters.contains($0) }.reversed().drop { characters.contains($0) }.reversed())
    }

    /// An error about `key` (in `section`), placed on its line.
    func error(_ message: String, key: String, in section: String? = nil) -> ConfigError {
        ConfigError(file: file, line: line(ofKey: key, in: section), message)
    }
}
