/// The word a mistyped one was most likely meant to be: the nearest by edits (a letter added, dropped, changed
/// or two swapped), within two edits and less than half the word.
package enum NearestWord {
    /// The candidate nearest to `word`, or nil when none is near enough.
    package static func to(_ word: String, among candidates: [String]) -> String? {
        let typed = Array(word.lowercased().unicodeScalars)
        let limit = min(2, max(1, typed.count / 2))
        var best: (word: String, distance: Int)?
        for candidate in candidates {
            let distance = edits(typed, Array(candidate.lowercased().unicodeScalars))
            if distance <= limit, distance < (best?.distance ?? .max) { best = (candidate, distance) }
        }
        return best?.word
    }

    /// Edits between two words (optimal string alignment: an adjacent swap is one edit).
    static func edits(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var before = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { current[j] = min(current[j], before[j - 2] + 1) }
            }
            (before, previous, current) = (previous, current, before)
        }
        return previous[b.count]
    }
}
