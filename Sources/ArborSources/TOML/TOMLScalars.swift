/// The values a bare token of TOML can be: integers (decimal, `0x`, `0o`, `0b`, `_` between digits), floats
/// (fraction, exponent, `inf`, `nan`), and offset or local dates and times, checked against the calendar.
enum TOMLScalars {
    /// The value `token` spells, if it spells one.
    static func value(of token: [UInt8], text: String) -> TOMLValue? {
        if let dateTime = dateTime(token) { return .dateTime(dateTime) }
        if let integer = integer(token) { return .integer(integer) }
        if let float = float(token, text: text) { return .float(float) }
        return nil
    }

    private static func integer(_ token: [UInt8]) -> Int64? {
        if token.count > 2, token[0] == UInt8(ascii: "0"), let radix = [UInt8(ascii: "x"): 16, UInt8(ascii: "o"): 8, UInt8(ascii: "b"): 2][token[1]] {
            let digits = token[2...]
            guard digitsWithUnderscores(digits, isDigit: { digit(of: $0).map { $0 < radix } ?? false }) else { return nil }
            let magnitude = UInt64(String(decoding: digits.filter { $0 != UInt8(ascii: "_") }, as: UTF8.self), radix: radix)
            return magnitude.flatMap { $0 <= UInt64(Int64.max) ? Int64($0) : nil }
        }
        let unsigned = token.first == UInt8(ascii: "+") || token.first == UInt8(ascii: "-") ? token[1...] : token[...]
        guard digitsWithUnderscores(unsigned, isDigit: TOMLParser.isDigit), noLeadingZero(unsigned) else { return nil }
        return Int64(String(decoding: token.filter { $0 != UInt8(ascii: "_") }, as: UTF8.self))
    }

    private static func float(_ token: [UInt8], text: String) -> Double? {
        switch text {
        case "inf", "+inf": return .infinity
        case "-inf": return -.infinity
        case "nan", "+nan", "-nan": return .nan
        default: break
        }
        var rest = token.first == UInt8(ascii: "+") || token.first == UInt8(ascii: "-") ? token[1...] : token[...]
        let exponentMark = rest.firstIndex { $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }
        let mantissa = rest[..<(exponentMark ?? rest.endIndex)]
        let dot = mantissa.firstIndex(of: UInt8(ascii: "."))
        let whole = mantissa[..<(dot ?? mantissa.endIndex)]
        guard digitsWithUnderscores(whole, isDigit: TOMLParser.isDigit), noLeadingZero(whole) else { return nil }
        if let dot, !digitsWithUnderscores(mantissa[(dot + 1)...], isDigit: TOMLParser.isDigit) { return nil }
        if let exponentMark {
            rest = rest[(exponentMark + 1)...]
            if rest.first == UInt8(ascii: "+") || rest.first == UInt8(ascii: "-") { rest = rest.dropFirst() }
            guard digitsWithUnderscores(rest, isDigit: TOMLParser.isDigit) else { return nil }
        }
        guard dot != nil || exponentMark != nil else { return nil }
        return Double(String(decoding: token.filter { $0 != UInt8(ascii: "_") }, as: UTF8.self))
    }

    /// One or more digits, each `_` between two of them.
    private static func digitsWithUnderscores(_ digits: ArraySlice<UInt8>, isDigit: (UInt8) -> Bool) -> Bool {
        guard let first = digits.first, let last = digits.last, isDigit(first), isDigit(last) else { return false }
        var previous = first
        for byte in digits.dropFirst() {
            if byte == UInt8(ascii: "_") {
                guard previous != UInt8(ascii: "_") else { return false }
            } else if !isDigit(byte) {
                return false
            }
            previous = byte
        }
        return true
    }

    private static func noLeadingZero(_ digits: ArraySlice<UInt8>) -> Bool {
        digits.count == 1 || digits.first != UInt8(ascii: "0")
    }

    private static func digit(of byte: UInt8) -> Int? {
        if TOMLParser.isDigit(byte) { return Int(byte - 0x30) }
        if byte >= 0x61 && byte <= 0x66 { return Int(byte - 0x61 + 10) }
        if byte >= 0x41 && byte <= 0x46 { return Int(byte - 0x41 + 10) }
        return nil
    }
}
