/// Two arrays' elements matched by the value of a field (`--match-by id`) rather than by position: elements with
/// the same value pair wherever they are; those that kept their order relative to each other stay paired (the
/// longest run increasing in both arrays), one that moved against them reads as removed and added again, so
/// that the patch made from the pairs still gives the second array.
enum KeyedAlignment {
    /// The alignment by keys, or nil when an element has no key or a key repeats on one side.
    static func align(_ left: [String?], _ right: [String?]) -> ArrayAlignment? {
        guard places(left) != nil, let rightPlaces = places(right) else { return nil }
        var candidates: [(Int, Int)] = []
        for (i, key) in left.enumerated() {
            if let key, let j = rightPlaces[key] { candidates.append((i, j)) }
        }
        let kept = increasingRun(candidates)
        let pairedLeft = Set(kept.map(\.0))
        let pairedRight = Set(kept.map(\.1))
        return ArrayAlignment(pairs: kept, removed: left.indices.filter { !pairedLeft.contains($0) },
                              added: right.indices.filter { !pairedRight.contains($0) })
    }

    /// Each key's place; nil when one is missing or repeats.
    private static func places(_ keys: [String?]) -> [String: Int]? {
        var places: [String: Int] = [:]
        for (index, key) in keys.enumerated() {
            guard let key, places.updateValue(index, forKey: key) == nil else { return nil }
        }
        return places
    }

    /// The longest subsequence of pairs (ascending in the first index) whose second index increases too.
    private static func increasingRun(_ pairs: [(Int, Int)]) -> [(Int, Int)] {
        var tails: [Int] = []
        var previous = [Int](repeating: -1, count: pairs.count)
        for (index, pair) in pairs.enumerated() {
            var low = 0
            var high = tails.count
            while low < high {
                let middle = (low + high) / 2
                if pairs[tails[middle]].1 < pair.1 { low = middle + 1 } else { high = middle }
            }
            if low > 0 { previous[index] = tails[low - 1] }
            if low == tails.count { tails.append(index) } else { tails[low] = index }
        }
        var run: [(Int, Int)] = []
        var index = tails.last ?? -1
        while index >= 0 {
            run.append(pairs[index])
            index = previous[index]
        }
        return run.reversed()
    }
}
