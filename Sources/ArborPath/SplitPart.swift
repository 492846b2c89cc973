/// One part of a split walk: containers below the root, in document order, or a slice of the members of one
/// container with too many children for a part of its own (the whole list of a large document, say).
@usableFromInline
enum SplitPart: Sendable, Hashable {
    case containers(Range<Int>)
    case members(of: Int, Range<Int>)
}

extension SplitWalkPlan {
    /// The parts of a walk below `root`, in order; with `slicing`, each container with ``largest`` members or more
    /// is cut into slices of its members, as the containers are cut into parts.
    @usableFromInline
    func parts<Node: PartitionedPathNode>(below root: Node, slicing: Bool) -> [SplitPart] {
        let ranges = parts(of: root.descendantContainerCount)
        guard slicing else { return ranges.map { .containers($0) } }
        var crowded = crowdedContainers(below: root)[...]
        var result: [SplitPart] = []
        for range in ranges {
            var start = range.lowerBound
            while let (position, count) = crowded.first, position < range.upperBound {
                crowded.removeFirst()
                if start < position { result.append(.containers(start..<position)) }
                result += parts(of: count).map { .members(of: position, $0) }
                start = position + 1
            }
            if start < range.upperBound { result.append(.containers(start..<range.upperBound)) }
        }
        return result
    }

    /// The containers below `root` with ``largest`` members or more, and their counts, in order: a subtree of no
    /// more than ``largest`` containers is stepped over whole, since none in it has that many children to test.
    func crowdedContainers<Node: PartitionedPathNode>(below root: Node) -> [(position: Int, count: Int)] {
        var found: [(position: Int, count: Int)] = []
        let total = root.descendantContainerCount
        var position = 0
        while position < total {
            let end = root.descendantSubtreeEnd(at: position)
            guard end - position > largest else {
                position = end
                continue
            }
            let count = root.descendantContainer(at: position).node.count
            if count >= largest { found.append((position, count)) }
            position += 1
        }
        return found
    }
}
