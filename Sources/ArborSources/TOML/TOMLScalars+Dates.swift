extension TOMLScalars {
    /// An offset date-time, local date-time, local date or local time, with `T` and `Z` written upper case;
    /// nil unless every field is in range (the day within its month, leap years counted).
    static func dateTime(_ token: [UInt8]) -> String? {
        if token.count >= 3, token[2] == UInt8(ascii: ":") {
            return time(token[...]) == token.endIndex ? String(decoding: token, as: UTF8.self) : nil
        }
        guard token.count >= 10, token[4] == UInt8(ascii: "-"), token[7] == UInt8(ascii: "-"),
              let year = number(token[...], 0, 4), let month = number(token[...], 5, 2), let day = number(token[...], 8, 2),
              (1...12).contains(month), day >= 1, day <= days(in: month, of: year)
        else { return nil }
        var normal = Array(token)
        guard token.count > 10 else { return String(decoding: normal, as: UTF8.self) }
        guard [UInt8(ascii: "T"), UInt8(ascii: "t"), 0x20].contains(token[10]), let end = time(token[11...]) else { return nil }
        normal[10] = UInt8(ascii: "T")
        if end == token.endIndex { return String(decoding: normal, as: UTF8.self) }
        let offset = token[end...]
        if offset.count == 1, offset.first == UInt8(ascii: "Z") || offset.first == UInt8(ascii: "z") {
            normal[end] = UInt8(ascii: "Z")
            return String(decoding: normal, as: UTF8.self)
        }
        guard offset.count == 6, offset.first == UInt8(ascii: "+") || offset.first == UInt8(ascii: "-"), token[end + 3] == UInt8(ascii: ":"),
              let hours = number(token[...], end + 1, 2), let minutes = number(token[...], end + 4, 2), hours < 24, minutes < 60
        else { return nil }
        return String(decoding: normal, as: UTF8.self)
    }

    /// `HH:MM:SS` with an optional fraction at the start of `text`; the index just past it.
    private static func time(_ text: ArraySlice<UInt8>) -> Int? {
        let start = text.startIndex
        guard text.count >= 8, text[start + 2] == UInt8(ascii: ":"), text[start + 5] == UInt8(ascii: ":"),
              let hour = number(text, start, 2), let minute = number(text, start + 3, 2), let second = number(text, start + 6, 2),
              hour < 24, minute < 60, second <= 60
        else { return nil }
        var end = start + 8
        if end < text.endIndex, text[end] == UInt8(ascii: ".") {
            end += 1
            let digits = text[end...].prefix(while: TOMLParser.isDigit)
            guard !digits.isEmpty else { return nil }
            end = digits.endIndex
        }
        return end
    }

    private static func number(_ text: ArraySlice<UInt8>, _ offset: Int, _ count: Int) -> Int? {
        guard offset >= text.startIndex, count <= text.endIndex - offset else { return nil }
        var value = 0
        for byte in text[offset..<(offset + count)] {
            guard TOMLParser.isDigit(byte) else { return nil }
            value = value * 10 + Int(byte - 0x30)
        }
        return value
    }

    private static func days(in month: Int, of year: Int) -> Int {
        switch month {
        case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }
}
