import ArborPath

/// JSON pointers (RFC 6901), the ids of documents' members: a key escaped into a segment and back, and a
/// pointer split into its segments on its bytes (a `/` followed by a combining mark is one Character with it).
package enum JSONPointer {
    /// A key as a segment: `~` as `~0`, `/` as `~1`.
    /// Byte by byte: a `/` followed by a combining mark is one Character with it, which a search for "/" misses.
    package static func escape(_ key: String) -> String {
        guard key.utf8.contains(where: { $0 == UInt8(ascii: "~") || $0 == UInt8(ascii: "/") }) else { return key }
        var escaped: [UInt8] = []
        escaped.reserveCapacity(key.utf8.count + 8)
        for byte in key.utf8 {
            switch byte {
            case UInt8(ascii: "~"): escaped += [UInt8(ascii: "~"), UInt8(ascii: "0")]
            case UInt8(ascii: "/"): escaped += [UInt8(ascii: "~"), UInt8(ascii: "1")]
            default: escaped.append(byte)
            }
        }
        return String(decoding: escaped, as: UTF8.self)
    }

    /// Appends a query path's key to a pointer as its next segment.
    static func append(_ key: PathKey, to pointer: inout String) {
        pointer.append("/")
        switch key {
        case .name(let text): pointer.append(escape(text))
        case .index(let position): pointer.append(String(position))
        }
    }

    /// A segment as the key it stands for.
    package static func unescape<Segment: StringProtocol>(_ segment: Segment) -> String {
        guard segment.utf8.contains(UInt8(ascii: "~")) else { return String(segment) }
        var bytes: [UInt8] = []
        var tilde = false
        for byte in segment.utf8 {
            if tilde, byte == UInt8(ascii: "0") || byte == UInt8(ascii: "1") {
                bytes.append(byte == UInt8(ascii: "0") ? UInt8(ascii: "~") : UInt8(ascii: "/"))
                tilde = false
                continue
            }
            if tilde { bytes.append(UInt8(ascii: "~")) }
            tilde = byte == UInt8(ascii: "~")
            if !tilde { bytes.append(byte) }
        }
        if tilde { bytes.append(UInt8(ascii: "~")) }
        return String(decoding: bytes, as: UTF8.self)
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
