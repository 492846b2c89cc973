/// A source showing the first part of a larger input, whose counts of some lists are not known yet.
protocol PartialCounts {
    /// Whether the item's count of children is only of those read so far.
    func countIsPartial(of id: String) -> Bool
}

extension LazyJSONDocument: PartialCounts {
    func countIsPartial(of id: String) -> Bool {
        guard !openContainers.isEmpty, case .container(let container)? = try? value(at: id) else { return false }
        return openContainers.contains(container)
    }
}

extension IndexedTable: PartialCounts {
    /// Every row of the first part may have children further on.
    func countIsPartial(of id: String) -> Bool { countsPending }
}
