/// Hands out ids that are unique within one source: the preferred id (an id field) unless it is taken, then
/// the path of indexes, then the path with `#2`, `#3`...
struct UniqueIDs {
    private var used: Set<String> = []

    /// The id for an item with an optional id field's value and its path.
    mutating func next(preferred: String?, path: String) -> String {
        var candidate = preferred ?? path
        if used.contains(candidate) { candidate = path }
        var suffix = 2
        let base = candidate
        while used.contains(candidate) {
            candidate = base + "#" + String(suffix)
            suffix += 1
        }
        used.insert(candidate)
        return candidate
    }
}
