extension ComparisonOperator {
    /// A comparison of RFC 9535 §2.3.5.2.2 (nil is Nothing): Nothing equals only Nothing; only numbers and strings
    /// are ordered.
    @inlinable
    func holds(_ left: JSONPathValue?, _ right: JSONPathValue?) -> Bool {
        switch self {
        case .equal: return left == right
        case .notEqual: return left != right
        case .less: return Self.less(left, right)
        case .lessOrEqual: return Self.less(left, right) || left == right
        case .greater: return Self.less(right, left)
        case .greaterOrEqual: return Self.less(right, left) || left == right
        }
    }

    @inlinable
    static func less(_ left: JSONPathValue?, _ right: JSONPathValue?) -> Bool {
        switch (left, right) {
        case (.number(let a)?, .number(let b)?): return a < b
        case (.string(let a)?, .string(let b)?): return a.unicodeScalars.lexicographicallyPrecedes(b.unicodeScalars)
        default: return false
        }
    }
}

extension LogicalExpression {
    /// Whether the expression is false whatever scalar `@` is: a filter that says so need not be tried on the
    /// scalars among the children it filters (`?@.status == 'open'`, `?@.size > 100`, `?@.name`).
    var failsForScalars: Bool { valueForScalars == false }

    /// The expression's value when `@` is a scalar, where that does not depend on which scalar: a query
    /// below `@` selects nothing from one; nil when it depends (`@ == 3`, `$.a`, a function's result).
    private var valueForScalars: Bool? {
        switch self {
        case .or(let terms):
            let values = terms.map(\.valueForScalars)
            if values.contains(true) { return true }
            return values.allSatisfy { $0 == false } ? false : nil
        case .and(let terms):
            let values = terms.map(\.valueForScalars)
            if values.contains(false) { return false }
            return values.allSatisfy { $0 == true } ? true : nil
        case .not(let inner): return inner.valueForScalars.map { !$0 }
        case .exists(let query): return query.selectsNothingBelowScalars ? false : nil
        case .test: return nil
        case .comparison(let left, let comparison, let right):
            guard let left = left.valueForScalars, let right = right.valueForScalars else { return nil }
            return comparison.holds(left.value, right.value)
        }
    }
}

extension FilterQuery {
    /// A query from `@` with at least one segment: from a scalar it selects nothing.
    var selectsNothingBelowScalars: Bool { isRelative && !segments.isEmpty }
}

extension Comparable {
    /// The side's value when `@` is a scalar, if that does not depend on which scalar.
    fileprivate var valueForScalars: KnownValue? {
        switch self {
        case .literal(let value): return KnownValue(value: value)
        case .query(let query): return query.selectsNothingBelowScalars ? KnownValue(value: nil) : nil
        case .function: return nil
        }
    }
}

/// A value known before the walk: a literal, or Nothing (nil).
private struct KnownValue {
    let value: JSONPathValue?
}
