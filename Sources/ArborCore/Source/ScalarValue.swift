/// The value of a document's scalar member (a string, a number, `true`, `null`), shown beside its key.
public struct ScalarValue: Sendable, Hashable {
    /// What kind of value it is, for its style.
    public enum Kind: String, Sendable, Hashable {
        case string, number, boolean, null
        /// A YAML alias (`*base`): it stands for the value its anchor marked, which the item's link names.
        case alias
    }

    /// The kind.
    public var kind: Kind
    /// The value as text (a string without its quotes).
    public var text: String

    /// Creates a value.
    public init(_ kind: Kind, _ text: String) {
        self.kind = kind
        self.text = text
    }

    /// The value as a document shows it: a string quoted, anything else as it is.
    public var shown: String { kind == .string ? "\"" + text + "\"" : text }

    /// ``shown`` for a line of at most `cells` cells: a value longer than such a line shows is cut past what it
    /// shows, so that one of megabytes is not copied to be drawn or measured.
    package func shown(cells: Int) -> String {
        ScalarValue(kind, LongText.prefix(text, cells: cells)).shown
    }
}
