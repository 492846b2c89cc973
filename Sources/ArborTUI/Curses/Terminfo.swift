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
        guard text.contains("$<") else { return text }
        var bytes = Array(text.utf8)
        var index = 0
        while index + 1 < bytes.count {
            guard bytes[index] == UInt8(ascii: "$"), bytes[index + 1] == UInt8(ascii: "<"),
                  let end = bytes[(index + 2)...].firstIndex(of: UInt8(ascii: ">")),
                  end > index + 2, bytes[(index + 2)..<end].allSatisfy({ Self.paddingBytes.contains($0) })
            else {
                index += 1
                continue
            }
            bytes.removeSubrange(index...end)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static let paddingBytes = Set("0123456789.*/".utf8)
}
