/// Smart-case substring matching: a query in lower case ignores case, one with a capital letter respects it.
public struct TextMatcher: Sendable, Hashable {
    /// The text searched for.
    public let query: String
    /// Whether case must match (the query has an upper-case letter).
    public let isCaseSensitive: Bool
    private let needle: [Character]
    /// The query's bytes when it is ASCII (lower-cased unless case-sensitive): matched byte by byte.
    private let asciiNeedle: [UInt8]?

    /// Creates a matcher for a query.
    public init(_ query: String) {
        self.query = query
        isCaseSensitive = query.contains { $0.isUppercase }
        needle = Array(isCaseSensitive ? query : query.lowercased())
        asciiNeedle = query.utf8.allSatisfy { $0 < 0x80 } ? Array((isCaseSensitive ? query : query.lowercased()).utf8) : nil
    }

    /// The range of the first match in `text`, or nil; an empty query matches at the start.
    public func range(in text: String) -> Range<String.Index>? {
        guard !needle.isEmpty else { return text.startIndex..<text.startIndex }
        if let asciiNeedle { return asciiRange(of: asciiNeedle, in: text) }
        var starts: [String.Index] = []
        var folded: [Character] = []
        for index in text.indices {
            let character = text[index]
            let lowered = character.lowercased()
            let comparable = isCaseSensitive || lowered.count != 1 ? character : Character(lowered)
            starts.append(index)
            folded.append(comparable)
        }
        guard folded.count >= needle.count else { return nil }
        for start in 0...(folded.count - needle.count) where folded[start] == needle[0] {
            if folded[start..<(start + needle.count)].elementsEqual(needle) {
                let end = start + needle.count < starts.count ? starts[start + needle.count] : text.endIndex
                return starts[start]..<end
            }
        }
        return nil
    }

    /// Byte-wise search for an ASCII query: a UTF-8 text's other characters are bytes of 0x80 and up, so they
    /// never match, and only ASCII letters fold case.
    private func asciiRange(of needle: [UInt8], in text: String) -> Range<String.Index>? {
        var copy = text
        return copy.withUTF8 { bytes -> Range<String.Index>? in
            guard bytes.count >= needle.count else { return nil }
            let first = needle[0]
            for start in 0...(bytes.count - needle.count) {
                var offset = 0
                while offset < needle.count {
                    var byte = bytes[start + offset]
                    if !isCaseSensitive, byte >= 0x41, byte <= 0x5A { byte |= 0x20 }
                    if byte != (offset == 0 ? first : needle[offset]) { break }
                    offset += 1
                }
                if offset == needle.count {
                    let lower = text.utf8.index(text.utf8.startIndex, offsetBy: start)
                    return lower..<text.utf8.index(lower, offsetBy: needle.count)
                }
            }
            return nil
        }
    }

    /// Whether `text` contains the query.
    public func matches(_ text: String) -> Bool { range(in: text) != nil }
}

/// A filter on a column: the query and the items that match it, in the column's order.
public struct ColumnFilter: Sendable, Hashable {
    /// The matcher of the query.
    public let matcher: TextMatcher
    /// The matching items.
    public internal(set) var matches: [NodeHandle]
    /// For a list shown a page at a time: where the matches are among the children, as the source found them.
    var positions: [Int32]?
    /// Whether the source is still matching the children of a list shown a page at a time.
    public internal(set) var isMatching = false
    /// The request whose answer the filter waits for.
    var generation = 0
}
