/// When a list of children is shown a page at a time, and how large a page is.
public enum ChildPaging {
    /// Lists longer than this are paged, when the source can page them; shorter ones are loaded whole.
    public static let threshold = 2_048
    /// How many children one page request reads.
    public static let pageSize = 256

    /// The range of the page holding `index` in a list of `count` children.
    static func page(holding index: Int, count: Int) -> Range<Int> {
        let start = index / pageSize * pageSize
        return start..<min(count, start + pageSize)
    }
}
