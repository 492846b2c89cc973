import ArborPath

/// Writes a value of an indexed document as one line of JSON straight from its bytes, the text
/// ``JSONPathValue/compactJSON`` writes for the value decoded: the space between tokens left out, numbers,
/// `true`, `false` and `null` as written, a string as written when JSON would write it so (no escape, no DEL,
/// valid UTF-8) and decoded and quoted again only otherwise. A query printing whole objects makes no tree of them.
enum JSONCompactWriter {
    /// Appends the value at `range` of `bytes` (well-formed JSON) to `out`; `text` decodes a string, quotes included.
    /// With `yamlNumbers`, an infinity or NaN written from YAML (``YAMLNumber``) is written `null`; whether one was.
    @discardableResult
    static func append(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, to out: inout [UInt8], yamlNumbers: Bool = false,
                       text: (Range<Int>) -> String) -> Bool {
        var nonFinite = false
        var position = range.lowerBound
        var run = position
        while position < range.upperBound {
            switch bytes[position] {
            case 0x20, 0x0A, 0x0D, 0x09:
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run..<position]))
                JSONGrammar.skipSpace(bytes, &position)
                run = position
            case UInt8(ascii: "\""):
                let start = position
                _ = JSONGrammar.skipString(bytes, &position)
                let inner = UnsafeBufferPointer(rebasing: bytes[(start + 1)..<max(start + 1, position - 1)])
                if !isWrittenAsIs(inner) {
                    out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run..<start]))
                    if yamlNumbers, YAMLNumber.isWritten(in: bytes, at: start) {
                        // JSON has no number for an infinity or NaN.
                        out.append(contentsOf: "null".utf8)
                        nonFinite = true
                    } else {
                        out.append(contentsOf: JSONPathValue.string(text(start..<position)).compactJSON.utf8)
                    }
                    run = position
                }
            default:
                position += 1
            }
        }
        out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run..<min(position, range.upperBound)]))
        return nonFinite
    }

    /// Whether a string's bytes between its quotes are what quoting its text again writes: ASCII that
    /// ``JSONPathValue`` quotes as itself, or valid UTF-8 beside it (every character past ASCII is).
    static func isWrittenAsIs(_ inner: UnsafeBufferPointer<UInt8>) -> Bool {
        var wide = false
        for byte in inner {
            if byte >= 0x80 {
                wide = true
            } else if !JSONPathValue.isQuotedAsIs(UInt32(byte)) {
                return false
            }
        }
        return !wide || String(validating: inner, as: UTF8.self) != nil
    }
}
