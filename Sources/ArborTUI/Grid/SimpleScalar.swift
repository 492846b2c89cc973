/// Scalars that always stand alone as a grapheme and whose width is known from their value: text made only of
/// them is drawn scalar by scalar, without grapheme breaking or Unicode property lookups.
enum SimpleScalar {
    /// The cells the scalar takes, or nil when it may join a grapheme, needs a visible form or a property lookup.
    @inline(__always)
    static func width(_ value: UInt32) -> Int? {
        if value < 0x300 { return value >= 0xA0 || (value >= 0x20 && value < 0x7F) ? 1 : nil }
        switch value {
        case 0x370...0x482, 0x48A...0x52F, 0x2010...0x2027, 0x2030...0x205E, 0x2190...0x21FF, 0x2500...0x25FC,
             0x2800...0x28FF:
            return 1
        case 0x3041...0x3096, 0x30A1...0x30FA, 0x4E00...0x9FFF, 0xAC00...0xD7A3, 0xFF01...0xFF60:
            return 2
        default:
            return nil
        }
    }

    /// The cells text takes when it is made only of simple scalars, counted no further than `limit`; nil otherwise.
    static func width(of text: String, upTo limit: Int = .max) -> Int? {
        // Printable ASCII, the common case, a cell a byte without decoding scalars.
        let ascii = text.utf8.withContiguousStorageIfAvailable { bytes in
            bytes.allSatisfy { $0 >= 0x20 && $0 < 0x7F } ? bytes.count : nil
        }
        if let ascii, let count = ascii { return count }
        var total = 0
        for scalar in text.unicodeScalars {
            guard let width = width(scalar.value) else { return nil }
            total += width
            if total >= limit { break }
        }
        return total
    }
}
