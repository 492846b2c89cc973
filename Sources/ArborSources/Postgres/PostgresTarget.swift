/// Where a PostgreSQL source connects and how long a statement may take: a `postgres://` or `postgresql://`
/// URI, a `key=value` connection string, or nothing (libpq's `PGHOST`, `PGDATABASE`, `PGSERVICE`...).
struct PostgresTarget: Sendable {
    /// What libpq is given as `dbname` (expanded by libpq); empty for its environment.
    var connection: String
    /// Seconds a statement may run on the server.
    var timeoutSeconds: Double

    /// The statement time-out as the server takes it.
    var timeoutMilliseconds: Int { max(1, Int((timeoutSeconds * 1000).rounded())) }

    /// The connection as it may be shown: a URI's or a connection string's password left out.
    var shown: String {
        Self.withoutPassword(connection)
    }

    /// `text` with any password it holds removed: `postgres://user:secret@host` → `postgres://user@host`,
    /// `password=secret` → nothing.
    static func withoutPassword(_ text: String) -> String {
        if let scheme = text.firstRange(of: "://") {
            let rest = text[scheme.upperBound...]
            let authority = rest.prefix { $0 != "/" && $0 != "?" }
            var shown = text[..<scheme.upperBound] + rest
            if let at = authority.lastIndex(of: "@"), let colon = authority[..<at].firstIndex(of: ":") {
                shown = text[..<scheme.upperBound] + authority[..<colon] + rest[at...]
            }
            guard let query = shown.firstIndex(of: "?") else { return String(shown) }
            let parameters = shown[shown.index(after: query)...].split(separator: "&")
                .filter { !$0.lowercased().hasPrefix("password=") }
            return String(shown[..<query]) + (parameters.isEmpty ? "" : "?" + parameters.joined(separator: "&"))
        }
        var words: [Substring] = []
        var skipping = false
        for word in text.split(separator: " ", omittingEmptySubsequences: true) {
            if word.lowercased().hasPrefix("password=") {
                skipping = word.hasPrefix("password='") && !(word.count > 10 && word.hasSuffix("'"))
                continue
            }
            if skipping {
                skipping = !word.hasSuffix("'")
                continue
            }
            words.append(word)
        }
        return words.joined(separator: " ")
    }
}
