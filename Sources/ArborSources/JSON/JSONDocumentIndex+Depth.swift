extension JSONDocumentIndex {
    /// The first container (in document order) nested more than `limit` deep, the top value being 1 deep; nil
    /// when none is. One pass over the parents, holding only the containers open at each one.
    func firstContainer(deeperThan limit: Int) -> Int32? {
        guard count > 0 else { return nil }
        var open: [Int32] = [0]
        open.reserveCapacity(min(limit + 1, count))
        return parent.withUnsafeBufferPointer { parents in
            for container in 1..<parents.count {
                let above = parents[container]
                while let last = open.last, last != above { open.removeLast() }
                open.append(Int32(container))
                if open.count > limit { return Int32(container) }
            }
            return nil
        }
    }
}
