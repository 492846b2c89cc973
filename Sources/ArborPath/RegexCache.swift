/// The regular expressions of a query's `match()` and `search()`, compiled once per pattern.
@usableFromInline
final class RegexCache {
    private var compiled: [String: Regex<AnyRegexOutput>?] = [:]

    @usableFromInline init() {}

    /// Whether `text` matches the I-Regexp `pattern` whole (`match`) or somewhere (`search`); false for an
    /// invalid pattern.
    @usableFromInline
    func matches(_ text: String, pattern: String, whole: Bool) -> Bool {
        guard let regex = regex(for: pattern) else { return false }
        return whole ? (try? regex.wholeMatch(in: text)) != nil : (try? regex.firstMatch(in: text)) != nil
    }

    private func regex(for pattern: String) -> Regex<AnyRegexOutput>? {
        if let known = compiled[pattern] { return known }
        let regex = IRegexp(pattern).flatMap { try? Regex($0.translated).matchingSemantics(.unicodeScalar) }
        if compiled.count > 256 { compiled.removeAll() }
        compiled[pattern] = regex
        return regex
    }
}
