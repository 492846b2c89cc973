import ArborPath

/// Which elements of two arrays are the same element: pairs in order, the rest removed from the first or
/// added in the second. Equal elements at both ends pair first; in between, the longest common run of equal
/// elements pairs, and a stretch between two of its elements pairs by position where both sides hold as
/// many elements (a value changed in place), else is removed and added.
struct ArrayAlignment {
    /// (index in the first, index in the second), both ascending.
    private(set) var pairs: [(Int, Int)] = []
    /// Indexes in the first array, ascending.
    private(set) var removed: [Int] = []
    /// Indexes in the second array, ascending.
    private(set) var added: [Int] = []

    init(_ left: [JSONPathValue], _ right: [JSONPathValue], limit: Int) {
        var head = 0
        while head < left.count, head < right.count, left[head] == right[head] { head += 1 }
        var tail = 0
        while tail < left.count - head, tail < right.count - head, left[left.count - 1 - tail] == right[right.count - 1 - tail] { tail += 1 }
        for index in 0..<head { pairs.append((index, index)) }
        let leftMiddle = head..<(left.count - tail)
        let rightMiddle = head..<(right.count - tail)
        if leftMiddle.count == rightMiddle.count || leftMiddle.isEmpty || rightMiddle.isEmpty
            || leftMiddle.count * rightMiddle.count > limit {
            gap(leftMiddle, rightMiddle)
        } else {
            var from = (leftMiddle.lowerBound, rightMiddle.lowerBound)
            for (i, j) in Self.commonRun(left, leftMiddle, right, rightMiddle) {
                gap(from.0..<i, from.1..<j)
                pairs.append((i, j))
                from = (i + 1, j + 1)
            }
            gap(from.0..<leftMiddle.upperBound, from.1..<rightMiddle.upperBound)
        }
        for offset in (0..<tail).reversed() { pairs.append((left.count - 1 - offset, right.count - 1 - offset)) }
    }

    /// A stretch with no equal element paired: by position when both sides are as long, else removed and added
    /// (or, past the alignment limit, by position as far as the shorter goes).
    private mutating func gap(_ left: Range<Int>, _ right: Range<Int>) {
        let paired = left.count == right.count ? left.count : 0
        for offset in 0..<paired { pairs.append((left.lowerBound + offset, right.lowerBound + offset)) }
        removed += left.dropFirst(paired)
        added += right.dropFirst(paired)
    }

    /// The longest common subsequence of equal elements of two ranges, as index pairs in order.
    private static func commonRun(_ left: [JSONPathValue], _ leftRange: Range<Int>, _ right: [JSONPathValue],
                                  _ rightRange: Range<Int>) -> [(Int, Int)] {
        let rows = leftRange.count
        let columns = rightRange.count
        var lengths = [Int32](repeating: 0, count: (rows + 1) * (columns + 1))
        for i in (0..<rows).reversed() {
            for j in (0..<columns).reversed() {
                lengths[i * (columns + 1) + j] = left[leftRange.lowerBound + i] == right[rightRange.lowerBound + j]
                    ? lengths[(i + 1) * (columns + 1) + j + 1] + 1
                    : max(lengths[(i + 1) * (columns + 1) + j], lengths[i * (columns + 1) + j + 1])
            }
        }
        var run: [(Int, Int)] = []
        var i = 0
        var j = 0
        while i < rows, j < columns {
            if left[leftRange.lowerBound + i] == right[rightRange.lowerBound + j] {
                run.append((leftRange.lowerBound + i, rightRange.lowerBound + j))
                i += 1
                j += 1
            } else if lengths[(i + 1) * (columns + 1) + j] >= lengths[i * (columns + 1) + j + 1] {
                i += 1
            } else {
                j += 1
            }
        }
        return run
    }
}
