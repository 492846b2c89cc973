/// A source that a JSONPath query reads as one document other than its items: a directory whose files open as
/// what they hold (an object of its entries by name, each file its document), a document whose strings open as
/// the JSON they hold.
package protocol QueriedAsDocument: HierarchySource {
    /// The source the query reads.
    var queriedDocument: any HierarchySource { get }
}
