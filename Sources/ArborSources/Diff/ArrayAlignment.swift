/// Which elements of two arrays are the same element: pairs in order, the rest removed from the first or
/// added in the second. Equal elements at both ends pair first; in between, the shortest edit script (Myers'
/// O(ND) algorithm, elements told apart by a hash first) pairs the most equal elements whatever the lengths (an
/// element inserted and another removed further on leave those between paired as they are), and a stretch between
/// two of them pairs by position where both sides hold as many elements (a value changed in place), else is
/// removed and added.
struct ArrayAlignment {
    /// (index in the first, index in the second), both ascending.
    private(set) var pairs: [(Int, Int)] = []
    /// Indexes in the first array, ascending.
    private(set) var removed: [Int] = []
    /// Indexes in the second array, ascending.
    private(set) var added: [Int] = []

    /// An alignment made elsewhere (``KeyedAlignment``).
    init(pairs: [(Int, Int)], removed: [Int], added: [Int]) {
        self.pairs = pairs
        self.removed = removed
        self.added = added
    }

    /// Aligns `left` with `right`, elements compared by `equal`; past `limit` differences in the middle, the
    /// middle pairs by position.
    init<Value>(_ left: [Value], _ right: [Value], limit: Int, hash: (Value) -> Int, equal: (Value, Value) -> Bool) {
        var head = 0
        while head < left.count, head < right.count, equal(left[head], right[head]) { head += 1 }
        var tail = 0
        while tail < left.count - head, tail < right.count - head, equal(left[left.count - 1 - tail], right[right.count - 1 - tail]) { tail += 1 }
        for index in 0..<head { pairs.append((index, index)) }
        let leftMiddle = head..<(left.count - tail)
        let rightMiddle = head..<(right.count - tail)
        var matched: [(Int, Int)]?
        if !leftMiddle.isEmpty, !rightMiddle.isEmpty {
            let leftHashes = leftMiddle.map { hash(left[$0]) }
            let rightHashes = rightMiddle.map { hash(right[$0]) }
            matched = ShortestEdit.matches(leftMiddle.count, rightMiddle.count, limit: limit) { i, j in
                leftHashes[i] == rightHashes[j] && equal(left[leftMiddle.lowerBound + i], right[rightMiddle.lowerBound + j])
            }
        }
        if let matched {
            var from = (leftMiddle.lowerBound, rightMiddle.lowerBound)
            for (i, j) in matched.map({ ($0.0 + leftMiddle.lowerBound, $0.1 + rightMiddle.lowerBound) }) {
                gap(from.0..<i, from.1..<j)
                pairs.append((i, j))
                from = (i + 1, j + 1)
            }
            gap(from.0..<leftMiddle.upperBound, from.1..<rightMiddle.upperBound)
        } else {
            gap(leftMiddle, rightMiddle)
        }
        for offset in (0..<tail).reversed() { pairs.append((left.count - 1 - offset, right.count - 1 - offset)) }
    }

    /// A stretch with no equal element paired: by position when both sides are as long, else removed and added.
    private mutating func gap(_ left: Range<Int>, _ right: Range<Int>) {
        let paired = left.count == right.count ? left.count : 0
        for offset in 0..<paired { pairs.append((left.lowerBound + offset, right.lowerBound + offset)) }
        removed += left.dropFirst(paired)
        added += right.dropFirst(paired)
    }
}
