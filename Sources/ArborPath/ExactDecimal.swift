/// The exact value of a JSON number literal: its significant digits and where the point goes, so that numbers
/// compare without rounding to a double (RFC 9535 leaves numbers beyond the I-JSON range to the implementation;
/// this one compares every finite number by its decimal value).
struct ExactDecimal: Hashable, Swift.Comparable {
    /// Whether it is below zero (never for zero: `-0` equals `0`).
    private let negative: Bool
    /// The significant digits (0-9), without leading or trailing zeros; empty for zero.
    private let digits: [UInt8]
    /// The value is `0.digits` times ten to this power.
    private let exponent: Int

    /// The value of a literal of JSON's grammar (`-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`); nil otherwise.
    init?(_ literal: String) {
        let bytes = Array(literal.utf8)
        var at = 0
        let isNegative = bytes.first == UInt8(ascii: "-")
        if isNegative { at += 1 }
        func run() -> ArraySlice<UInt8> {
            let start = at
            while at < bytes.count, (0x30...0x39).contains(bytes[at]) { at += 1 }
            return bytes[start..<at]
        }
        let whole = run()
        guard let first = whole.first, first != 0x30 || whole.count == 1 else { return nil }
        var fraction: ArraySlice<UInt8> = []
        if at < bytes.count, bytes[at] == UInt8(ascii: ".") {
            at += 1
            fraction = run()
            guard !fraction.isEmpty else { return nil }
        }
        var power = 0
        if at < bytes.count, bytes[at] | 0x20 == UInt8(ascii: "e") {
            at += 1
            var sign = 1
            if at < bytes.count, bytes[at] == UInt8(ascii: "+") || bytes[at] == UInt8(ascii: "-") {
                sign = bytes[at] == UInt8(ascii: "-") ? -1 : 1
                at += 1
            }
            let written = run()
            guard !written.isEmpty else { return nil }
            // Past a quadrillion the exponent is held at it: no document's precision reaches that far.
            for digit in written { power = min(power * 10 + Int(digit - 0x30), 1_000_000_000_000_000) }
            power *= sign
        }
        guard at == bytes.count else { return nil }
        var significant = Array(whole) + Array(fraction)
        var point = whole.count + power
        let leading = significant.prefix { $0 == 0x30 }.count
        significant.removeFirst(leading)
        point -= leading
        while significant.last == 0x30 { significant.removeLast() }
        digits = significant.map { $0 - 0x30 }
        exponent = digits.isEmpty ? 0 : point
        negative = isNegative && !digits.isEmpty
    }

    static func < (lhs: ExactDecimal, rhs: ExactDecimal) -> Bool {
        let (left, right) = (lhs.sign, rhs.sign)
        if left != right { return left < right }
        if left == 0 { return false }
        return left > 0 ? lhs.magnitudeBelow(rhs) : rhs.magnitudeBelow(lhs)
    }

    private var sign: Int { digits.isEmpty ? 0 : negative ? -1 : 1 }

    /// Whether this nonzero value's magnitude is below another's.
    private func magnitudeBelow(_ other: ExactDecimal) -> Bool {
        if exponent != other.exponent { return exponent < other.exponent }
        return digits.lexicographicallyPrecedes(other.digits)
    }
}
