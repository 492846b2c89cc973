/// Myers' shortest edit script between two sequences (E. Myers, "An O(ND) Difference Algorithm and Its
/// Variations", 1986): the most elements in common, found in time proportional to the lengths times the number
/// of differences, keeping each step's furthest points (space proportional to the differences squared).
enum ShortestEdit {
    /// The pairs (i, j) of elements kept, ascending, for sequences of `n` and `m` elements where `same(i, j)`
    /// says whether the first's element i is the second's element j; nil past `limit` differences.
    static func matches(_ n: Int, _ m: Int, limit: Int, same: (Int, Int) -> Bool) -> [(Int, Int)]? {
        let offset = n + m + 1
        var furthest = [Int](repeating: 0, count: 2 * offset + 1)
        // Before step d, the furthest x on diagonals -(d+1)...(d+1).
        var trace: [[Int32]] = []
        for d in 0...min(n + m, limit) {
            trace.append(furthest[(offset - d - 1)...(offset + d + 1)].map { Int32($0) })
            for k in stride(from: -d, through: d, by: 2) {
                var x = k == -d || (k != d && furthest[offset + k - 1] < furthest[offset + k + 1])
                    ? furthest[offset + k + 1] : furthest[offset + k - 1] + 1
                var y = x - k
                while x < n, y < m, same(x, y) {
                    x += 1
                    y += 1
                }
                furthest[offset + k] = x
                if x >= n, y >= m { return backtrack(trace, n, m) }
            }
        }
        return nil
    }

    /// The diagonal moves of the path the trace ends at (n, m), as pairs in ascending order.
    private static func backtrack(_ trace: [[Int32]], _ n: Int, _ m: Int) -> [(Int, Int)] {
        var pairs: [(Int, Int)] = []
        var x = n
        var y = m
        for d in stride(from: trace.count - 1, through: 0, by: -1) {
            let before = trace[d]
            let at = { (k: Int) in Int(before[k + d + 1]) }
            let k = x - y
            let previousK = k == -d || (k != d && at(k - 1) < at(k + 1)) ? k + 1 : k - 1
            let previousX = d == 0 ? 0 : at(previousK)
            let previousY = d == 0 ? 0 : previousX - previousK
            while x > previousX, y > previousY {
                pairs.append((x - 1, y - 1))
                x -= 1
                y -= 1
            }
            x = previousX
            y = previousY
        }
        return pairs.reversed()
    }
}
