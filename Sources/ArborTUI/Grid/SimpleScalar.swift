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

    /// The scalar whose UTF-8 form starts at `index` of well-formed bytes, and the bytes it takes.
    @inline(__always)
    static func scalar(in bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (value: UInt32, length: Int) {
        let lead = bytes[index]
        if lead < 0x80 { return (UInt32(lead), 1) }
        let length = lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
        var value = UInt32(lead) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
        for next in 1..<length { value = value << 6 | UInt32(bytes[index + next] & 0x3F) }
        return (value, length)
    }

    /// Whether the eight bytes from `index` are all printable ASCII (0x20 to 0x7E), tested together.
    @inline(__always)
    static func isPrintableASCII(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        let word = UnsafeRawPointer(bytes.baseAddress! + index).loadUnaligned(as: UInt64.self)
        let high: UInt64 = 0x8080_8080_8080_8080
        let ones: UInt64 = 0x0101_0101_0101_0101
        // A byte below 0x20 borrows when 0x20 is taken from it; 0x7F is the byte that adding 1 carries into bit 7.
        let belowSpace = (word &- ones &* 0x20) & ~word & high
        let delete = (word &+ ones) & high & ~word
        return (word & high) | belowSpace | delete == 0
    }

    /// The cells text takes when it is made only of simple scalars, counted no further than `limit`; nil otherwise.
    /// One pass over the UTF-8 bytes (a Swift string's are always well-formed).
    static func width(of text: String, upTo limit: Int = .max) -> Int? {
        var text = text
        return text.withUTF8 { bytes -> Int? in
            var total = 0
            var index = 0
            while index < bytes.count {
                if index + 8 <= bytes.count, total + 8 < limit, isPrintableASCII(bytes, at: index) {
                    index += 8
                    total += 8
                    continue
                }
                let (value, length) = scalar(in: bytes, at: index)
                guard let cells = width(value) else { return nil }
                index += length
                total += cells
                if total >= limit { break }
            }
            return total
        }
    }
}
