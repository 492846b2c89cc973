/// When a list of children is shown a page at a time, and how large a page is.
public enum ChildPaging {
    /// Lists longer than this are paged, when the source can page them; shorter ones are loaded whole.
    public static let threshold = 2_048
    /// How many children one page request reads.
    public static let pageSize = 256

    /// The most children a source counts for one row of a listing; a row with more is listed with its count
    /// unknown, for the browser to ask in the background, so that a very wide node never holds up its list.
    package static let listedCountLimit = 1_000

    /// The child count to list for a row whose count stopped at `listedCountLimit + 1`: nil past the limit.
    package static func listedCount(_ counted: Int) -> Int? {
        counted > listedCountLimit ? nil : counted
    }

    /// The range of the page holding `index` in a list of `count` children.
    static func page(holding index: Int, count: Int) -> Range<Int> {
        let start = index / pageSize * pageSize
        return start..<min(count, start + pageSize)
    }
}
