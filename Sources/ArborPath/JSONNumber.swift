/// A number as written in its document: printed from its literal (`9007199254740993`, `1e400`, `0.10`, `-0`
/// stay as they are) and compared exactly by its decimal value, so that two integers beyond 2^53 that differ
/// compare as different and `1.0` equals `1`. TOML's and YAML's infinities and NaN are numbers too (`inf`,
/// `-inf`, `nan`), ordered as doubles order them; JSON has no number for them (``jsonText``).
public struct JSONNumber: Sendable, Hashable, Swift.Comparable, CustomStringConvertible, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral {
    /// The number as written: a JSON number, or `inf`, `-inf`, `nan`.
    public let literal: String
    /// The nearest double (an infinity past its range).
    public let double: Double
    /// The exact decimal value of a finite literal.
    private let decimal: ExactDecimal?
    /// The literal JSON writes for a finite number written otherwise (`31` for `0x1F`); nil when it is `literal`.
    private let json: String?

    /// A number from its literal: JSON's grammar, or `inf`, `+inf`, `-inf`, `nan` (as TOML writes them); nil for
    /// any other text.
    public init?(literal: String) {
        if let decimal = ExactDecimal(literal) {
            self.literal = literal
            self.decimal = decimal
            double = Double(literal) ?? (literal.hasPrefix("-") ? -.infinity : .infinity)
            json = nil
            return
        }
        switch literal {
        case "inf", "+inf": double = .infinity
        case "-inf": double = -.infinity
        case "nan", "+nan", "-nan": double = .nan
        default: return nil
        }
        self.literal = literal.hasPrefix("+") ? String(literal.dropFirst()) : literal
        decimal = nil
        json = nil
    }

    /// A number written as `literal` whose value is `number`'s (a finite one written as JSON writes it).
    init(_ literal: String, valued number: JSONNumber) {
        self.literal = literal
        double = number.double
        decimal = number.decimal
        json = number.decimal == nil ? nil : number.literal
    }

    /// A number computed (a count, a length): an integral value written without a fraction.
    public init(_ value: Double) {
        if value.isNaN {
            self.init(literal: "nan")!
        } else if value.isInfinite {
            self.init(literal: value > 0 ? "inf" : "-inf")!
        } else if value == value.rounded(), abs(value) < 1e17 {
            self.init(literal: String(Int64(value)))!
        } else {
            self.init(literal: String(value))!
        }
    }

    /// An integer written as Swift writes it (`.number(3)`).
    public init(integerLiteral value: Int) {
        self.init(literal: String(value))!
    }

    /// A double written as Swift writes it (`.number(0.5)`).
    public init(floatLiteral value: Double) {
        self.init(value)
    }

    /// Whether the number is finite: one JSON can write.
    public var isFinite: Bool { decimal != nil }

    /// The number as JSON writes it: its literal, or `null` for an infinity or NaN, which JSON has no number for.
    public var jsonText: String { decimal == nil ? "null" : json ?? literal }

    public var description: String { literal }

    /// Finite numbers equal by their decimal values; an infinity equals itself; NaN equals nothing.
    public static func == (lhs: JSONNumber, rhs: JSONNumber) -> Bool {
        switch (lhs.decimal, rhs.decimal) {
        case let (left?, right?): return left == right
        case (nil, nil): return lhs.double == rhs.double
        default: return false
        }
    }

    /// Finite numbers by their decimal values, below `inf` and above `-inf`; NaN is ordered with nothing.
    public static func < (lhs: JSONNumber, rhs: JSONNumber) -> Bool {
        switch (lhs.decimal, rhs.decimal) {
        case let (left?, right?): return left < right
        case (nil, nil): return lhs.double < rhs.double
        case (nil, _?): return lhs.double == -.infinity
        case (_?, nil): return rhs.double == .infinity
        }
    }

    public func hash(into hasher: inout Hasher) {
        if let decimal { hasher.combine(decimal) } else { hasher.combine(double) }
    }
}
