/// The count of a long list of children and the first page of it.
public struct PagedChildren: Sendable, Hashable {
    /// How many children there are.
    public var count: Int
    /// The children from index 0.
    public var first: [SourceItem]
    /// What to say about the list, shown with it: that it stopped short of what the source holds, and why.
    public var notice: String?

    /// Creates a counted list.
    public init(count: Int, first: [SourceItem], notice: String? = nil) {
        self.count = count
        self.first = first
        self.notice = notice
    }
}
