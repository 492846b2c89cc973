extension JSONPathParser {
    /// `a || b || …`
    mutating func logicalOr() throws(JSONPathError) -> LogicalExpression {
        var terms = [try logicalAnd()]
        while followedBy("||") { terms.append(try logicalAnd()) }
        return terms.count == 1 ? terms[0] : .or(terms)
    }

    private mutating func logicalAnd() throws(JSONPathError) -> LogicalExpression {
        var terms = [try basic()]
        while followedBy("&&") { terms.append(try basic()) }
        return terms.count == 1 ? terms[0] : .and(terms)
    }

    /// Whether blanks and then `operator` follow: consumes them and the blanks after it if so.
    private mutating func followedBy(_ text: String) -> Bool {
        let start = position
        skipBlanks()
        for scalar in text.unicodeScalars {
            guard peek == scalar else {
                position = start
                return false
            }
            position += 1
        }
        skipBlanks()
        return true
    }

    private mutating func basic() throws(JSONPathError) -> LogicalExpression {
        if peek == "!" {
            position += 1
            skipBlanks()
            if peek == "(" { return .not(try parenthesized()) }
            let start = position
            guard peek == "@" || peek == "$" || (peek.map { ("a"..."z").contains($0) } ?? false), !atLiteral() else {
                throw error("'!' must be followed by a query, a function or '('")
            }
            let test = try operand()
            if comparisonFollows() { throw JSONPathError("a comparison cannot be negated without parentheses", offset: start) }
            return .not(try asTest(test, at: start))
        }
        if peek == "(" { return try parenthesized() }
        let start = position
        let left = try operand()
        guard let comparison = try comparisonOperator() else {
            if case .literal = left { throw JSONPathError("a literal must be compared with something", offset: start) }
            return try asTest(left, at: start)
        }
        let leftSide = try comparable(left, at: start)
        let rightStart = position
        let rightSide = try comparable(try operand(), at: rightStart)
        return .comparison(leftSide, comparison, rightSide)
    }

    private mutating func parenthesized() throws(JSONPathError) -> LogicalExpression {
        position += 1
        skipBlanks()
        let inner = try nested { (parser: inout JSONPathParser) throws(JSONPathError) in try parser.logicalOr() }
        skipBlanks()
        try expect(")", "')'")
        return inner
    }

    /// What may stand alone or beside a comparison operator, before its role is known.
    enum Operand {
        case literal(JSONPathValue)
        case query(FilterQuery)
        case function(FunctionCall)
    }

    mutating func operand() throws(JSONPathError) -> Operand {
        if peek == "@" || peek == "$" {
            let isRelative = peek == "@"
            position += 1
            return .query(FilterQuery(isRelative: isRelative, segments: try segments()))
        }
        if atLiteral() { return .literal(try literal()) }
        guard let next = peek, ("a"..."z").contains(next) else {
            throw error(atEnd ? "an expression was expected at the end" : "an expression was expected, not '\(Self.shown(peek!))'")
        }
        return .function(try functionCall())
    }

    private func comparisonFollows() -> Bool {
        var copy = self
        return (try? copy.comparisonOperator()) != nil
    }

    /// The comparison operator after blanks, and the blanks after it; nil (nothing consumed) when none follows.
    private mutating func comparisonOperator() throws(JSONPathError) -> ComparisonOperator? {
        let start = position
        skipBlanks()
        for candidate in ["==", "!=", "<=", ">=", "<", ">"] where followedBy(candidate) {
            return ComparisonOperator(rawValue: candidate)!
        }
        if peek == "=" { throw error("'=' is not an operator: compare with '=='") }
        position = start
        return nil
    }

    private func comparable(_ operand: Operand, at start: Int) throws(JSONPathError) -> Comparable {
        switch operand {
        case .literal(let value): return .literal(value)
        case .query(let query):
            guard query.isSingular else { throw JSONPathError("a query compared must name one node (names and indexes only)", offset: start) }
            return .query(query)
        case .function(let call):
            guard call.resultType == .value else { throw JSONPathError("\(call.name)() gives no value to compare", offset: start) }
            return .function(call)
        }
    }

    private func asTest(_ operand: Operand, at start: Int) throws(JSONPathError) -> LogicalExpression {
        switch operand {
        case .literal: throw JSONPathError("a literal must be compared with something", offset: start)
        case .query(let query): return .exists(query)
        case .function(let call):
            guard call.resultType != .value else { throw JSONPathError("\(call.name)() gives a value: compare it with something", offset: start) }
            return .test(call)
        }
    }
}
