/// The text of a JSON string already known to be well-formed (``JSONGrammar/skipString(_:_:)`` passed it),
/// written once into the string's own storage: a text is never longer than the bytes that spell it (an escape
/// is at least as long as what it stands for), so one allocation of that size holds it, however large; the pages
/// of a mapped file it is read from are given back as it is.
enum JSONStringDecoder {
    /// The most bytes copied before they are told read, so that a mapped file's pages a long string was read
    /// from are given back as it is read (``MappedPages``).
    static let piece = 1 << 20

    /// The text of the string between `start` (just past its opening quote) and `end` (its closing quote), as
    /// the full parser reads it: escapes decoded, a lone surrogate and bytes that are not UTF-8 as U+FFFD.
    /// With a `limit`, the text's first bytes up to it, before the character it falls in.
    static func text(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int, limit: Int = .max) -> String {
        String(unsafeUninitializedCapacity: min(end - start, limit)) { text in
            var written = 0
            var position = start
            while position < end {
                // A run is looked for no further than the room left: a limited text of a long string is not read whole.
                let stop = min(end, limit == .max ? end : position + (limit - written))
                let run = min(JSONGrammar.nextSpecial(UnsafeBufferPointer(rebasing: bytes[..<stop]), from: position), stop)
                while run > position {
                    let count = min(run - position, piece)
                    UnsafeMutableRawPointer(text.baseAddress! + written).copyMemory(from: bytes.baseAddress! + position, byteCount: count)
                    MappedPages.read(position..<(position + count), from: bytes.baseAddress!)
                    written += count
                    position += count
                }
                guard position < end else { break }
                // Stopped by the limit, or an escape with less room than the longest one writes (a lone half's
                // U+FFFD and the scalar after it).
                guard bytes[position] == UInt8(ascii: "\\"), written + 6 <= limit else { return cut(text, at: written) }
                position += 1
                let escaped = bytes[position]
                position += 1
                switch escaped {
                case UInt8(ascii: "b"): text[written] = 0x08
                case UInt8(ascii: "f"): text[written] = 0x0C
                case UInt8(ascii: "n"): text[written] = 0x0A
                case UInt8(ascii: "r"): text[written] = 0x0D
                case UInt8(ascii: "t"): text[written] = 0x09
                case UInt8(ascii: "u"):
                    written = write(scalar(bytes, &position, end: end), to: text, at: written)
                    continue
                default: text[written] = escaped
                }
                written += 1
            }
            return written
        }
    }

    /// Where a text cut short ends: before the last character when the cut split its bytes, after it when they
    /// are all there (a sequence is at most four bytes: bytes that are not UTF-8 further back are kept, to be read
    /// as U+FFFD as a whole text's are).
    private static func cut(_ text: UnsafeMutableBufferPointer<UInt8>, at written: Int) -> Int {
        var start = written
        while start > 0, written - start < 3, text[start - 1] & 0xC0 == 0x80 { start -= 1 }
        guard start > 0, text[start - 1] >= 0xC0 else { return start }
        let lead = text[start - 1]
        let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
        return written - (start - 1) >= length ? written : start - 1
    }

    /// The scalar of the `\u` escape whose four digits start at `position` (moved past them), with the low half
    /// of a surrogate pair after it; a lone half is U+FFFD, written before the escape after it when that is not
    /// the low half.
    private static func scalar(_ bytes: UnsafeBufferPointer<UInt8>, _ position: inout Int, end: Int) -> (first: UInt32?, scalar: UInt32) {
        let value = quad(bytes, at: position)
        position += 4
        guard (0xD800..<0xDC00).contains(value), end - position >= 6,
              bytes[position] == UInt8(ascii: "\\"), bytes[position + 1] == UInt8(ascii: "u") else { return (nil, value) }
        let low = quad(bytes, at: position + 2)
        position += 6
        guard (0xDC00..<0xE000).contains(low) else { return (0xFFFD, low) }
        return (nil, 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00))
    }

    private static func quad(_ bytes: UnsafeBufferPointer<UInt8>, at position: Int) -> UInt32 {
        var value: UInt32 = 0
        for digit in bytes[position..<(position + 4)] {
            let number = digit <= UInt8(ascii: "9") ? digit &- UInt8(ascii: "0") : (digit | 0x20) &- UInt8(ascii: "a") &+ 10
            value = value << 4 | UInt32(number)
        }
        return value
    }

    /// Writes the escape's scalars as UTF-8 at `written`; where it ends.
    private static func write(_ escape: (first: UInt32?, scalar: UInt32), to text: UnsafeMutableBufferPointer<UInt8>, at written: Int) -> Int {
        var written = written
        if let first = escape.first { written = write(first, to: text, at: written) }
        return write(escape.scalar, to: text, at: written)
    }

    private static func write(_ value: UInt32, to text: UnsafeMutableBufferPointer<UInt8>, at written: Int) -> Int {
        var written = written
        for byte in (Unicode.Scalar(value) ?? "\u{FFFD}").utf8 {
            text[written] = byte
            written += 1
        }
        return written
    }
}
