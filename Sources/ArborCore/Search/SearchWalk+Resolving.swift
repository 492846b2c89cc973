extension SearchWalk {
    /// The ids from the top of the walk down to each of `entries`, asked of the source level by level: each
    /// parent's children are asked for once per stretch of nearby places, however many of the entries lie
    /// below it (resolving the matches of a find one by one would read a directory again for each).
    package func ids(to entries: [Int]) async throws -> [[String]] {
        guard let corpus else { throw SourceError("the find's items are gone") }
        let snapshot = corpus.snapshot()
        let chains = entries.map { snapshot.chain(to: $0) }
        var known: [Int: String] = [:]
        let depth = chains.map(\.count).max() ?? 0
        for level in 0..<depth {
            // The entries of this level still to name, by the id of their parent.
            var wanted: [String: Set<Int>] = [:]
            for chain in chains where level < chain.count && known[chain[level]] == nil {
                if level == 0, !corpus.rootIsVirtual {
                    known[chain[0]] = corpus.rootID
                    continue
                }
                let parentID = level == 0 ? corpus.rootID : known[chain[level - 1]]!
                wanted[parentID, default: []].insert(chain[level])
            }
            for (parentID, children) in wanted {
                let byPosition = Dictionary(uniqueKeysWithValues: children.map { (snapshot.position(of: $0), $0) })
                for stretch in Self.stretches(of: byPosition.keys.sorted()) {
                    let ids = try await source.childIDs(of: parentID, in: stretch)
                    for (offset, id) in ids.enumerated() {
                        if let entry = byPosition[stretch.lowerBound + offset] { known[entry] = id }
                    }
                }
                guard children.allSatisfy({ known[$0] != nil }) else { throw SourceError("the item found is no longer there") }
            }
        }
        return chains.map { chain in chain.map { known[$0]! } }
    }

    /// Sorted places joined into ranges wherever fewer than 256 lie between two of them.
    package static func stretches(of positions: [Int]) -> [Range<Int>] {
        var stretches: [Range<Int>] = []
        for position in positions {
            if let last = stretches.last, position - last.upperBound < 256 {
                stretches[stretches.count - 1] = last.lowerBound..<(position + 1)
            } else {
                stretches.append(position..<(position + 1))
            }
        }
        return stretches
    }
}
