/// JSON pointers (RFC 6901), the ids of documents' members: a key escaped into a segment and back, and a
/// pointer split into its segments on its bytes (a `/` followed by a combining mark is one Character with it).
package enum JSONPointer {
    /// A key as a segment: `~` as `~0`, `/` as `~1`.
    package static func escape(_ key: String) -> String {
        key.utf8.contains(where: { $0 == UInt8(ascii: "~") || $0 == UInt8(ascii: "/") })
            ? key.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1") : key
    }

    /// A segment as the key it stands for.
    package static func unescape<Segment: StringProtocol>(_ segment: Segment) -> String {
        segment.utf8.contains(UInt8(ascii: "~"))
            ? segment.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~") : String(segment)
    }

    /// The segments of a pointer, still escaped: none for the whole document (`""`), nil when it does not start
    /// with `/`.
    package static func segments(_ pointer: String) -> [String]? {
        if pointer.isEmpty { return [] }
        guard pointer.utf8.first == UInt8(ascii: "/") else { return nil }
        return pointer.utf8.dropFirst().split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
            .map { String(decoding: $0, as: UTF8.self) }
    }
}
