/// A query in fzf's extended syntax, the one matcher of filters, finds and scripts: words separated by spaces
/// must all match (fuzzy by default; `'exact`, `^prefix`, `suffix$`, `!not`), `|` between words accepts either;
/// a word in lower case ignores case, one with a capital letter respects it.
package struct TextMatcher: Sendable, Hashable {
    /// The text searched for.
    package let query: String
    /// Words that must all match; each is a list of alternatives joined by `|`.
    let groups: [[QueryTerm]]
    /// Whether a word ignores case with non-ASCII letters, so that a non-ASCII text is lower-cased for it.
    private let foldsNonASCII: Bool
    /// What a text must hold to be scored at all.
    let prefilter: MatchPrefilter

    /// Creates a matcher for a query.
    package init(_ query: String) {
        self.query = query
        var groups: [[QueryTerm]] = []
        var joinsPrevious = false
        for word in Self.words(of: query) {
            if word == "|" {
                joinsPrevious = !groups.isEmpty
                continue
            }
            guard let term = QueryTerm(word) else { continue }
            if joinsPrevious { groups[groups.count - 1].append(term) } else { groups.append([term]) }
            joinsPrevious = false
        }
        self.groups = groups
        foldsNonASCII = groups.joined().contains { !$0.isASCII && !$0.isCaseSensitive }
        prefilter = MatchPrefilter(groups)
    }

    /// The words of a query: split at spaces, `\ ` standing for a space inside a word.
    static func words(of query: String) -> [String] {
        var words: [String] = []
        var word = ""
        var escaped = false
        for character in query {
            if escaped {
                word.append(character == " " ? " " : "\\\(character)")
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == " " {
                if !word.isEmpty { words.append(word) }
                word = ""
            } else {
                word.append(character)
            }
        }
        if escaped { word.append("\\") }
        if !word.isEmpty { words.append(word) }
        return words
    }

    /// Whether the query has no word, so that everything matches.
    package var isEmpty: Bool { groups.isEmpty }

    /// The score of the text in `bytes` (UTF-8), or nil when it does not match; higher is better.
    package func score(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        evaluate(bytes, positions: nil)
    }

    /// The score of `text` and the UTF-8 offsets of the bytes matched, or nil when it does not match.
    package func match(_ text: String) -> TextMatch? {
        var copy = text
        return copy.withUTF8 { bytes in
            var positions: [Int] = []
            guard let score = withUnsafeMutablePointer(to: &positions, { evaluate(bytes, positions: $0) }) else { return nil }
            return TextMatch(score: score, positions: Array(Set(positions)).sorted())
        }
    }

    /// Whether `text` matches.
    package func matches(_ text: String) -> Bool {
        var copy = text
        return copy.withUTF8 { evaluate($0, positions: nil) != nil }
    }

    /// The stretches of `text` that the query matched, in order; none when it does not match.
    package func ranges(in text: String) -> [Range<String.Index>] {
        match(text).map { TextMatch.ranges(of: $0.positions, in: text) } ?? []
    }

    /// Whether every text this matcher accepts is accepted by `previous` too, so that a filter may search only
    /// what `previous` matched: the query grew at its end, without `|`, `!` or a closing `$` or `\`.
    package func narrows(_ previous: TextMatcher) -> Bool {
        query.hasPrefix(previous.query) && !query.contains("|") && !query.contains("!")
            && !previous.query.hasSuffix("$") && !previous.query.hasSuffix("\\")
    }

    private func evaluate(_ bytes: UnsafeBufferPointer<UInt8>, positions: UnsafeMutablePointer<[Int]>?) -> Int? {
        if foldsNonASCII, bytes.contains(where: { $0 >= 0x80 }) { return evaluateFolded(bytes, positions: positions) }
        var total = 0
        for group in groups {
            guard let score = Self.score(of: group, in: bytes, lowered: bytes, positions: positions) else { return nil }
            total += score
        }
        return total
    }

    /// The score of a group of alternatives: the best of those that match, with its positions.
    private static func score(
        of group: [QueryTerm], in bytes: UnsafeBufferPointer<UInt8>, lowered: UnsafeBufferPointer<UInt8>,
        positions: UnsafeMutablePointer<[Int]>?
    ) -> Int? {
        var best: (score: Int, positions: [Int])?
        for term in group {
            let text = term.isASCII || term.isCaseSensitive ? bytes : lowered
            var found: [Int] = []
            let score = withUnsafeMutablePointer(to: &found) { term.score(in: text, positions: positions == nil ? nil : $0) }
            if term.isInverse {
                if score == nil, best == nil { best = (0, []) }
            } else if let score, best.map({ score > $0.score }) ?? true {
                best = (score, text.baseAddress == bytes.baseAddress ? found : found.map { -$0 - 1 })
            }
        }
        guard let best else { return nil }
        positions?.pointee.append(contentsOf: best.positions)
        return best.score
    }

    /// As ``evaluate``, for a non-ASCII text and a word that ignores case: such words see the text lower-cased
    /// character by character, and their positions are taken back to the text's own bytes.
    private func evaluateFolded(_ bytes: UnsafeBufferPointer<UInt8>, positions: UnsafeMutablePointer<[Int]>?) -> Int? {
        let text = String(decoding: bytes, as: UTF8.self)
        var lowered: [UInt8] = []
        var origin: [Range<Int>] = []
        var offset = 0
        for character in text {
            let lower = character.lowercased().utf8
            let length = character.utf8.count
            lowered.append(contentsOf: lower)
            origin.append(contentsOf: repeatElement(offset..<(offset + length), count: lower.count))
            offset += length
        }
        return lowered.withUnsafeBufferPointer { loweredBytes -> Int? in
            var total = 0
            for group in groups {
                var found: [Int] = []
                let score = withUnsafeMutablePointer(to: &found) {
                    Self.score(of: group, in: bytes, lowered: loweredBytes, positions: positions == nil ? nil : $0)
                }
                guard let score else { return nil }
                total += score
                for position in found {
                    if position >= 0 {
                        positions?.pointee.append(position)
                    } else {
                        positions?.pointee.append(contentsOf: origin[-position - 1])
                    }
                }
            }
            return total
        }
    }
}

/// How well a text matched a query, and which of its bytes.
package struct TextMatch: Sendable, Hashable {
    /// The score: higher is better.
    package var score: Int
    /// The UTF-8 offsets of the bytes matched, in order.
    package var positions: [Int]

    /// The stretches of `text` that bytes at these UTF-8 offsets (in order, whole characters) make up.
    package static func ranges(of positions: [Int], in text: String) -> [Range<String.Index>] {
        var ranges: [Range<Int>] = []
        for offset in positions where offset < text.utf8.count {
            if let last = ranges.last, last.upperBound == offset {
                ranges[ranges.count - 1] = last.lowerBound..<(offset + 1)
            } else {
                ranges.append(offset..<(offset + 1))
            }
        }
        let utf8 = text.utf8
        return ranges.map { utf8.index(utf8.startIndex, offsetBy: $0.lowerBound)..<utf8.index(utf8.startIndex, offsetBy: $0.upperBound) }
    }
}
