/// Where a document can be split for two scans: a comma outside strings, which in well-formed JSON separates
/// two members of the container it is in. Where strings are is not known in the middle of a document; it is
/// guessed: a line break or a tab is never inside a string, and a quote followed by a colon nearly always ends
/// a key. A wrong guess only costs time: the scan of the part before says where the comma really is.
enum JSONSplitPoint {
    /// How far past the place a comma is looked for.
    static let reach = 4 << 20

    /// The first comma outside strings from `start`, a place taken to be outside strings, or nil (none near,
    /// or the bytes are not JSON).
    static func comma(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        let limit = min(bytes.count, start + reach)
        var position = start
        while position < limit {
            switch bytes[position] {
            case UInt8(ascii: "\""): guard JSONGrammar.skipString(bytes, &position) else { return nil }
            case UInt8(ascii: ","): return position
            default: position += 1
            }
        }
        return nil
    }

    /// The first place from `place` on taken to be outside strings: past a line break or tab, or past the colon
    /// after a quote that is not escaped.
    static func outsideStrings(in bytes: UnsafeBufferPointer<UInt8>, from place: Int, before limit: Int) -> Int? {
        var position = place
        while position < limit {
            switch bytes[position] {
            case 0x0A, 0x0D, 0x09: return position + 1
            case UInt8(ascii: "\""):
                var backslashes = 0
                while position - 1 - backslashes >= 0, bytes[position - 1 - backslashes] == UInt8(ascii: "\\") { backslashes += 1 }
                var after = position + 1
                JSONGrammar.skipSpace(bytes, &after)
                if backslashes % 2 == 0, after < limit, bytes[after] == UInt8(ascii: ":") { return after + 1 }
            default: break
            }
            position += 1
        }
        return nil
    }
}
