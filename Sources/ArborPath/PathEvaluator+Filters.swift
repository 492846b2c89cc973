extension PathEvaluator {
    /// Whether a filter's expression holds for the current node `@`.
    @inlinable
    func test(_ expression: LogicalExpression, current: Node) -> Bool {
        switch expression {
        case .or(let terms): return terms.contains { test($0, current: current) }
        case .and(let terms): return terms.allSatisfy { test($0, current: current) }
        case .not(let inner): return !test(inner, current: current)
        case .exists(let query):
            if let steps = query.steps { return follow(steps, from: query.isRelative ? current : root) != nil }
            var found = false
            _ = nodes(of: query, current: current) { _ in
                found = true
                return false
            }
            return found
        case .test(let call): return logical(call, current: current)
        case .comparison(let left, let comparison, let right):
            if comparison == .equal || comparison == .notEqual, let equal = equality(of: left, right, current: current) {
                return equal == (comparison == .equal)
            }
            return comparison.holds(value(of: left, current: current), value(of: right, current: current))
        }
    }

    /// Hands the nodes a filter's query selects to `body` until it returns false.
    @inlinable @discardableResult
    func nodes(of query: FilterQuery, current: Node, _ body: (Node) -> Bool) -> Bool {
        var path = scratchPath
        scratchPath = []
        defer {
            path.removeAll(keepingCapacity: true)
            scratchPath = path
        }
        return select(query.segments[...], from: query.isRelative ? current : root, path: &path) { node, _ in body(node) }
    }

    /// Whether a singular query's node equals a literal, asked of the node itself (which can compare its bytes
    /// without decoding them); nil for any other pair of sides.
    @inlinable
    func equality(of left: Comparable, _ right: Comparable, current: Node) -> Bool? {
        switch (left, right) {
        case (.query(let query), .literal(let literal)), (.literal(let literal), .query(let query)):
            guard let steps = query.steps else { return nil }
            // Nothing equals no literal.
            guard let node = follow(steps, from: query.isRelative ? current : root) else { return false }
            return node.equals(literal)
        default: return nil
        }
    }

    /// The node a singular query's names and indexes lead to from `node`, or nil.
    @inlinable
    func follow(_ steps: [PathKey], from node: Node) -> Node? {
        var node = node
        for step in steps {
            guard let (_, next) = child(step, of: node) else { return nil }
            node = next
        }
        return node
    }

    @inlinable
    func singleValue(of query: FilterQuery, current: Node) -> JSONPathValue? {
        singleNode(of: query, current: current)?.value
    }

    /// The one node a query selects; nil for none or more than one.
    @inlinable
    func singleNode(of query: FilterQuery, current: Node) -> Node? {
        if let steps = query.steps { return follow(steps, from: query.isRelative ? current : root) }
        var found: Node?
        var many = false
        nodes(of: query, current: current) { node in
            if found != nil {
                many = true
                return false
            }
            found = node
            return true
        }
        return many ? nil : found
    }

    /// `length`: an object's members, an array's elements or a string's characters; an object or array is
    /// counted without making its value.
    @inlinable
    func length(of argument: FunctionArgument, current: Node) -> JSONPathValue? {
        let argumentValue: JSONPathValue?
        if case .query(let query) = argument {
            guard let node = singleNode(of: query, current: current) else { return nil }
            let kind = node.kind
            if kind == .object || kind == .array { return .number(JSONNumber(Double(node.count))) }
            guard kind == .string else { return nil }
            argumentValue = node.value
        } else {
            argumentValue = value(of: argument, current: current)
        }
        switch argumentValue {
        case .string(let text)?: return .number(JSONNumber(Double(text.unicodeScalars.count)))
        case .array(let values)?: return .number(JSONNumber(Double(values.count)))
        case .object(let members)?: return .number(JSONNumber(Double(members.count)))
        default: return nil
        }
    }

    @inlinable
    func value(of comparable: Comparable, current: Node) -> JSONPathValue? {
        switch comparable {
        case .literal(let value): return value
        case .query(let query): return singleValue(of: query, current: current)
        case .function(let call): return value(of: call, current: current)
        }
    }

    @inlinable
    func value(of argument: FunctionArgument, current: Node) -> JSONPathValue? {
        switch argument {
        case .literal(let value): return value
        case .query(let query): return singleValue(of: query, current: current)
        case .function(let call): return value(of: call, current: current)
        case .logical: return nil
        }
    }

    /// A function's value: nil stands for Nothing.
    @inlinable
    func value(of call: FunctionCall, current: Node) -> JSONPathValue? {
        switch call.name {
        case "length": return length(of: call.arguments[0], current: current)
        case "count":
            guard case .query(let query) = call.arguments[0] else { return nil }
            var count = 0
            nodes(of: query, current: current) { _ in
                count += 1
                return true
            }
            return .number(JSONNumber(Double(count)))
        default:
            guard case .query(let query) = call.arguments[0] else { return nil }
            return singleValue(of: query, current: current)
        }
    }

    @inlinable
    func logical(_ call: FunctionCall, current: Node) -> Bool {
        guard case .string(let text)? = value(of: call.arguments[0], current: current),
              case .string(let pattern)? = value(of: call.arguments[1], current: current)
        else { return false }
        return expressions.matches(text, pattern: pattern, whole: call.name == "match")
    }
}
