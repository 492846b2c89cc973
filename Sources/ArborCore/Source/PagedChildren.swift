/// The count of a long list of children and the first page of it.
public struct PagedChildren: Sendable, Hashable {
    /// How many children there are.
    public var count: Int
    /// The children from index 0.
    public var first: [SourceItem]

    /// Creates a counted list.
    public init(count: Int, first: [SourceItem]) {
        self.count = count
        self.first = first
    }
}
