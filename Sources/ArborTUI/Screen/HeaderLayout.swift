/// How the object header is laid out: the share of its main block (headline, subheadline, tags, body, footnote)
/// beside the description or a program's detail (the seed's `splitPercent`), and its height.
public struct HeaderLayout: Sendable, Hashable {
    /// The main block's share, in percent (20-80), of the width left of the status.
    public var splitPercent: Int
    /// The rows of text, 1-10; nil to follow the focused item's content (1-5 rows, as many as its parts take).
    public var rows: Int?

    /// The default: the main block takes 55%, five rows of text.
    public init(splitPercent: Int = 55, rows: Int? = 5) {
        self.splitPercent = min(80, max(20, splitPercent))
        self.rows = rows.map { min(10, max(1, $0)) }
    }
}
