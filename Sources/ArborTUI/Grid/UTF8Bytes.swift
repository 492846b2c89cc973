/// Byte-level output helpers for the frame encoder.
enum UTF8Bytes {
    /// Appends a Unicode scalar value as UTF-8.
    @inline(__always)
    static func append(_ value: UInt32, to bytes: inout [UInt8]) {
        switch value {
        case 0..<0x80:
            bytes.append(UInt8(value))
        case 0x80..<0x800:
            bytes.append(UInt8(0xC0 | (value >> 6)))
            bytes.append(UInt8(0x80 | (value & 0x3F)))
        case 0x800..<0x10000:
            bytes.append(UInt8(0xE0 | (value >> 12)))
            bytes.append(UInt8(0x80 | ((value >> 6) & 0x3F)))
            bytes.append(UInt8(0x80 | (value & 0x3F)))
        default:
            bytes.append(UInt8(0xF0 | (value >> 18)))
            bytes.append(UInt8(0x80 | ((value >> 12) & 0x3F)))
            bytes.append(UInt8(0x80 | ((value >> 6) & 0x3F)))
            bytes.append(UInt8(0x80 | (value & 0x3F)))
        }
    }

    /// Appends a non-negative number in decimal digits.
    static func appendDecimal(_ number: Int, to bytes: inout [UInt8]) {
        if number >= 10 { appendDecimal(number / 10, to: &bytes) }
        bytes.append(UInt8(0x30 + number % 10))
    }
}
