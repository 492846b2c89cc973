/// One word of a query in fzf's extended syntax: how it matches, whether it must not match, and its bytes.
struct QueryTerm: Sendable, Hashable {
    enum Kind: Sendable, Hashable {
        /// The characters in order, anything between them.
        case fuzzy
        /// `'word`: the characters together.
        case exact
        /// `^word`: at the start.
        case prefix
        /// `word$`: at the end.
        case suffix
        /// `^word$`: the whole text.
        case equal
    }

    var kind: Kind
    /// `!word`: the text must not contain the word.
    var isInverse: Bool
    /// The word has an upper-case letter, so case must match (smart case).
    var isCaseSensitive: Bool
    /// The word's characters, lower-cased unless case must match.
    var pattern: QueryPattern
    /// Whether the word has bytes of non-ASCII characters (whose case only a lower-cased text folds).
    var isASCII: Bool

    /// Reads one word; nil when nothing is left of it once its marks are taken off.
    init?(_ word: String) {
        var text = Substring(word)
        isInverse = text.hasPrefix("!")
        if isInverse { text = text.dropFirst() }
        kind = isInverse ? .exact : .fuzzy
        if text.hasPrefix("'") {
            kind = .exact
            text = text.dropFirst()
        } else if text.hasPrefix("^") {
            kind = .prefix
            text = text.dropFirst()
        }
        if text.hasSuffix("\\$") {
            text = text.dropLast(2) + "$"
        } else if text.count > 1, text.hasSuffix("$") {
            kind = kind == .prefix ? .equal : .suffix
            text = text.dropLast()
        }
        guard !text.isEmpty else { return nil }
        isCaseSensitive = text.contains { $0.isUppercase }
        let folded = isCaseSensitive ? String(text) : text.lowercased()
        pattern = QueryPattern(folded)
        isASCII = pattern.bytes.allSatisfy { $0 < 0x80 }
    }

    /// The score of the word in `text` (its bytes, already lower-cased when the word needs it), or nil when it
    /// does not match; `positions` collects the bytes matched.
    func score(in text: UnsafeBufferPointer<UInt8>, positions: UnsafeMutablePointer<[Int]>?) -> Int? {
        let folds = !isCaseSensitive
        let count = pattern.bytes.count
        guard text.count >= count else { return nil }
        switch kind {
        case .fuzzy:
            guard let (start, end) = fuzzyWindow(in: text, folds: folds) else { return nil }
            return MatchScoring.score(text, pattern, foldsCase: folds, from: start, to: end, positions: positions)
        case .exact:
            var best: (start: Int, bonus: Int)?
            for start in 0...(text.count - count) where matchesAt(start, in: text, folds: folds) {
                let bonus = MatchScoring.bonus(MatchScoring.classBefore(start, in: text), MatchScoring.characterClass(text[start]))
                if best == nil || bonus > best!.bonus { best = (start, bonus) }
            }
            guard let best else { return nil }
            return MatchScoring.score(text, pattern, foldsCase: folds, from: best.start, to: best.start + count, positions: positions)
        case .prefix, .suffix, .equal:
            if kind == .equal, text.count != count { return nil }
            let start = kind == .suffix ? text.count - count : 0
            guard matchesAt(start, in: text, folds: folds) else { return nil }
            return MatchScoring.score(text, pattern, foldsCase: folds, from: start, to: start + count, positions: positions)
        }
    }

    /// The shortest stretch of `text` that holds the pattern's bytes in order, found as fzf's first algorithm
    /// does: forward to the first complete match, then back from its end.
    private func fuzzyWindow(in text: UnsafeBufferPointer<UInt8>, folds: Bool) -> (Int, Int)? {
        var unit = 0
        var end = -1
        var index = 0
        while index < text.count {
            if pattern.matches(unit, at: index, in: text, folds: folds) {
                index += pattern.length(of: unit)
                unit += 1
                if unit == pattern.count {
                    end = index
                    break
                }
            } else {
                index += 1
            }
        }
        guard end > 0 else { return nil }
        unit = pattern.count - 1
        index = end - pattern.length(of: unit)
        while true {
            if pattern.matches(unit, at: index, in: text, folds: folds) {
                if unit == 0 { break }
                unit -= 1
            }
            index -= 1
        }
        return (index, end)
    }

    @inline(__always) private func matchesAt(_ start: Int, in text: UnsafeBufferPointer<UInt8>, folds: Bool) -> Bool {
        var offset = 0
        while offset < pattern.bytes.count {
            if MatchScoring.fold(text[start + offset], folds) != pattern.bytes[offset] { return false }
            offset += 1
        }
        return true
    }
}
