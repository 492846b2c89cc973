import CNcurses

/// The current terminal's terminfo strings, as they are sent: the padding some entries ask for (`$<5>`, a delay
/// for terminals of the past that `tputs` would wait out) removed, since written as they are it shows as text.
package enum Terminfo {
    /// A string capability of the current terminal, or nil when it has none.
    static func string(_ name: String) -> String? {
        arbor_tigetstr(name).map { withoutPadding(String(cString: $0)) }
    }

    /// A parameterised capability expanded with one number.
    static func expand(_ capability: String, _ value: Int) -> String {
        capability.withCString { String(cString: arbor_tiparm1($0, Int32(value))) }
    }

    /// A parameterised capability expanded with two numbers.
    static func expand(_ capability: String, _ first: Int, _ second: Int) -> String {
        capability.withCString { String(cString: arbor_tiparm2($0, Int32(first), Int32(second))) }
    }

    /// The text without its padding specifications: `$<` then digits, a decimal point, `*` or `/`, then `>`.
    package static func withoutPadding(_ text: String) -> String {
        let bytes = Array(text.utf8)
        var kept: [UInt8] = []
        var removed = false
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "$"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "<"),
               let end = paddingEnd(in: bytes, from: index + 2) {
                removed = true
                index = end + 1
                continue
            }
            kept.append(bytes[index])
            index += 1
        }
        return removed ? String(decoding: kept, as: UTF8.self) : text
    }

    /// Where the `>` closing a padding specification whose delay starts at `start` is, or nil when none closes it.
    private static func paddingEnd(in bytes: [UInt8], from start: Int) -> Int? {
        var index = start
        while index < bytes.count, isPadding(bytes[index]) { index += 1 }
        return index > start && index < bytes.count && bytes[index] == UInt8(ascii: ">") ? index : nil
    }

    private static func isPadding(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "*")
            || byte == UInt8(ascii: "/")
    }
}
