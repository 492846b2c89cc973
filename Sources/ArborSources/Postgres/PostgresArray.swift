/// PostgreSQL's text form of a one-dimensional array (`{a,"b c",NULL}`), read back into its elements.
enum PostgresArray {
    /// The elements of `text`; NULL reads as empty text.
    static func texts(_ text: String) -> [String] {
        var elements: [String] = []
        var current: [UInt8] = []
        var quoted = false
        var wasQuoted = false
        var escaped = false
        for byte in text.utf8.dropFirst().dropLast() {
            if escaped {
                current.append(byte)
                escaped = false
            } else if byte == UInt8(ascii: "\\") {
                escaped = true
            } else if byte == UInt8(ascii: "\"") {
                quoted.toggle()
                wasQuoted = true
            } else if byte == UInt8(ascii: ","), !quoted {
                elements.append(element(current, wasQuoted: wasQuoted))
                current = []
                wasQuoted = false
            } else {
                current.append(byte)
            }
        }
        if !current.isEmpty || wasQuoted || !elements.isEmpty { elements.append(element(current, wasQuoted: wasQuoted)) }
        return elements
    }

    private static func element(_ bytes: [UInt8], wasQuoted: Bool) -> String {
        let text = String(decoding: bytes, as: UTF8.self)
        return !wasQuoted && text == "NULL" ? "" : text
    }
}
