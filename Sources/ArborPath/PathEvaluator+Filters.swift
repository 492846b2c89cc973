extension PathEvaluator {
    /// Whether a filter's expression holds for the current node `@`.
    func test(_ expression: LogicalExpression, current: Node) -> Bool {
        switch expression {
        case .or(let terms): return terms.contains { test($0, current: current) }
        case .and(let terms): return terms.allSatisfy { test($0, current: current) }
        case .not(let inner): return !test(inner, current: current)
        case .exists(let query):
            var found = false
            _ = nodes(of: query, current: current) { _ in
                found = true
                return false
            }
            return found
        case .test(let call): return logical(call, current: current)
        case .comparison(let left, let comparison, let right):
            return Self.compare(value(of: left, current: current), comparison, value(of: right, current: current))
        }
    }

    /// Hands the nodes a filter's query selects to `body` until it returns false.
    @discardableResult
    func nodes(of query: FilterQuery, current: Node, _ body: (Node) -> Bool) -> Bool {
        var path: [PathKey] = []
        return select(query.segments[...], from: query.isRelative ? current : root, path: &path) { node, _ in body(node) }
    }

    private func singleValue(of query: FilterQuery, current: Node) -> JSONPathValue? {
        var found: JSONPathValue?
        var many = false
        nodes(of: query, current: current) { node in
            if found != nil {
                many = true
                return false
            }
            found = node.value
            return true
        }
        return many ? nil : found
    }

    private func value(of comparable: Comparable, current: Node) -> JSONPathValue? {
        switch comparable {
        case .literal(let value): return value
        case .query(let query): return singleValue(of: query, current: current)
        case .function(let call): return value(of: call, current: current)
        }
    }

    private func value(of argument: FunctionArgument, current: Node) -> JSONPathValue? {
        switch argument {
        case .literal(let value): return value
        case .query(let query): return singleValue(of: query, current: current)
        case .function(let call): return value(of: call, current: current)
        case .logical: return nil
        }
    }

    /// A function's value: nil stands for Nothing.
    private func value(of call: FunctionCall, current: Node) -> JSONPathValue? {
        switch call.name {
        case "length":
            switch value(of: call.arguments[0], current: current) {
            case .string(let text)?: return .number(Double(text.unicodeScalars.count))
            case .array(let values)?: return .number(Double(values.count))
            case .object(let members)?: return .number(Double(members.count))
            default: return nil
            }
        case "count":
            guard case .query(let query) = call.arguments[0] else { return nil }
            var count = 0
            nodes(of: query, current: current) { _ in
                count += 1
                return true
            }
            return .number(Double(count))
        default:
            guard case .query(let query) = call.arguments[0] else { return nil }
            return singleValue(of: query, current: current)
        }
    }

    private func logical(_ call: FunctionCall, current: Node) -> Bool {
        guard case .string(let text)? = value(of: call.arguments[0], current: current),
              case .string(let pattern)? = value(of: call.arguments[1], current: current)
        else { return false }
        return expressions.matches(text, pattern: pattern, whole: call.name == "match")
    }

    /// A comparison of RFC 9535 §2.3.5.2.2: Nothing equals only Nothing; only numbers and strings are ordered.
    static func compare(_ left: JSONPathValue?, _ comparison: ComparisonOperator, _ right: JSONPathValue?) -> Bool {
        switch comparison {
        case .equal: return left == right
        case .notEqual: return left != right
        case .less: return less(left, right)
        case .lessOrEqual: return less(left, right) || left == right
        case .greater: return less(right, left)
        case .greaterOrEqual: return less(right, left) || left == right
        }
    }

    private static func less(_ left: JSONPathValue?, _ right: JSONPathValue?) -> Bool {
        switch (left, right) {
        case (.number(let a)?, .number(let b)?): return a < b
        case (.string(let a)?, .string(let b)?): return a.unicodeScalars.lexicographicallyPrecedes(b.unicodeScalars)
        default: return false
        }
    }
}
