import ArborPath

/// A YAML 1.2 number as JSON writes it.
enum YAMLNumber {
    /// The JSON literal of a core-schema number: as written where JSON writes it so, `+3` as `3`, `.5` as
    /// `0.5`, `1.` as `1.0`, `0x1F` and `0o17` in decimal; nil for `.inf` and `.nan`, which JSON has no number for.
    static func json(_ text: String) -> String? {
        guard let number = JSONNumber(documentLiteral: text), number.isFinite else { return nil }
        return number.jsonText
    }
}
