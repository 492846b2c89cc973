/// The bytes every text a query accepts holds in order, checked before a text is scored: most texts of a
/// large corpus fail on them, and the check reads the text once without touching the query's words.
struct MatchPrefilter: Sendable, Hashable {
    /// The bytes of the longest word that must match alone in its group, ASCII and not inverted; empty when
    /// no word qualifies (every text then passes).
    let bytes: [UInt8]
    /// Whether ASCII letters of the text are compared in lower case.
    let folds: Bool

    init(_ groups: [[QueryTerm]]) {
        let candidates = groups.compactMap { group in group.count == 1 && !group[0].isInverse && group[0].isASCII ? group[0] : nil }
        let longest = candidates.max { $0.pattern.bytes.count < $1.pattern.bytes.count }
        bytes = longest?.pattern.bytes ?? []
        folds = !(longest?.isCaseSensitive ?? false)
    }

    /// Calls `body` with a check of texts against the prefilter, the bytes held for the whole of `body`.
    func withCheck<Result>(_ body: ((UnsafeBufferPointer<UInt8>) -> Bool) -> Result) -> Result {
        let folds = folds
        return bytes.withUnsafeBufferPointer { required in
            body { text in Self.holds(text, required, folds: folds) }
        }
    }

    /// Whether `text` holds the bytes of `required` in order.
    @inline(__always) static func holds(_ text: UnsafeBufferPointer<UInt8>, _ required: UnsafeBufferPointer<UInt8>, folds: Bool) -> Bool {
        guard !required.isEmpty else { return true }
        var next = 0
        for byte in text where MatchScoring.fold(byte, folds) == required[next] {
            next += 1
            if next == required.count { return true }
        }
        return false
    }
}
