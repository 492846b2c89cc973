/// Text that carries arbitrary bytes: valid UTF-8 as itself, every other byte as a private-use scalar, so ids
/// from file names and path lists turn back into the exact bytes the source gave.
package enum LosslessText {
    /// The first of the 128 scalars standing for the bytes 0x80...0xFF that are not part of valid UTF-8.
    static let escapeBase: UInt32 = 0x10FF00

    /// Text for a slice of bytes.
    package static func decode(_ bytes: ArraySlice<UInt8>) -> String {
        bytes.withUnsafeBufferPointer { decode(buffer: $0) }
    }

    /// Text for an array of bytes.
    package static func decode(_ bytes: [UInt8]) -> String {
        bytes.withUnsafeBufferPointer { decode(buffer: $0) }
    }

    /// ASCII (the common case of paths and names) and valid UTF-8 without the lead byte of the escape scalars
    /// (0xF4) are taken as they are; anything else goes byte by byte.
    private static func decode(buffer: UnsafeBufferPointer<UInt8>) -> String {
        if buffer.allSatisfy({ $0 < 0x80 }) { return String(decoding: buffer, as: UTF8.self) }
        if let valid = String(validating: buffer, as: UTF8.self),
           !buffer.contains(0xF4) || !valid.unicodeScalars.contains(where: isEscape) {
            return valid
        }
        let bytes = Array(buffer)
        var scalars = String.UnicodeScalarView()
        var index = 0
        while index < bytes.count {
            if let (scalar, length) = scalar(in: bytes, at: index), !isEscape(scalar) {
                scalars.append(scalar)
                index += length
            } else if let (_, length) = scalar(in: bytes, at: index) {
                for offset in 0..<length { scalars.append(escape(bytes[index + offset])) }
                index += length
            } else {
                scalars.append(escape(bytes[index]))
                index += 1
            }
        }
        return String(scalars)
    }

    /// The scalar of a well-formed UTF-8 sequence starting at `index`, with its length.
    private static func scalar(in bytes: [UInt8], at index: Int) -> (Unicode.Scalar, Int)? {
        let lead = bytes[index]
        let length: Int
        var value: UInt32
        switch lead {
        case 0x00...0x7F: return (Unicode.Scalar(lead), 1)
        case 0xC2...0xDF: length = 2; value = UInt32(lead & 0x1F)
        case 0xE0...0xEF: length = 3; value = UInt32(lead & 0x0F)
        case 0xF0...0xF4: length = 4; value = UInt32(lead & 0x07)
        default: return nil
        }
        guard index + length <= bytes.count else { return nil }
        for offset in 1..<length {
            let byte = bytes[index + offset]
            guard byte & 0xC0 == 0x80 else { return nil }
            value = value << 6 | UInt32(byte & 0x3F)
        }
        let minimum: UInt32 = length == 2 ? 0x80 : length == 3 ? 0x800 : 0x10000
        guard value >= minimum, let scalar = Unicode.Scalar(value) else { return nil }
        return (scalar, length)
    }

    /// The bytes text stands for: the inverse of `decode(_:)`.
    package static func encode(_ text: String) -> [UInt8] {
        // The escapes are U+10FF80 and above, whose UTF-8 begins with 0xF4: text without that byte is its own UTF-8.
        guard text.utf8.contains(0xF4) else { return Array(text.utf8) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            if isEscape(scalar) {
                bytes.append(UInt8(scalar.value - escapeBase))
            } else {
                bytes.append(contentsOf: UTF8.encode(scalar)!)
            }
        }
        return bytes
    }

    /// Whether a scalar stands for a raw byte.
    package static func isEscape(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value >= escapeBase + 0x80
    }

    private static func escape(_ byte: UInt8) -> Unicode.Scalar {
        Unicode.Scalar(escapeBase + UInt32(byte))!
    }
}
