extension JSONPathParser {
    /// The standard functions of RFC 9535 §2.4: their parameters' types and their result's.
    static let functions: [String: (parameters: [FunctionType], result: FunctionType)] = [
        "length": ([.value], .value),
        "count": ([.nodes], .value),
        "match": ([.value, .value], .logical),
        "search": ([.value, .value], .logical),
        "value": ([.nodes], .value),
    ]

    /// A call: its name, its arguments, each checked against its parameter's type.
    mutating func functionCall() throws(JSONPathError) -> FunctionCall {
        let start = position
        let name = word()
        guard peek == "(" else {
            throw JSONPathError(name.isEmpty ? "an expression was expected" : "'\(name)' is not a literal or a function call", offset: start)
        }
        guard let signature = Self.functions[name] else { throw JSONPathError("there is no function \(name)()", offset: start) }
        position += 1
        skipBlanks()
        var arguments: [FunctionArgument] = []
        if peek != ")" {
            while true {
                let argumentStart = position
                guard arguments.count < signature.parameters.count else {
                    throw JSONPathError("\(name)() takes \(signature.parameters.count) argument\(signature.parameters.count == 1 ? "" : "s")", offset: argumentStart)
                }
                let raw = try nested { (parser: inout JSONPathParser) throws(JSONPathError) in try parser.argument() }
                arguments.append(try typed(raw, as: signature.parameters[arguments.count], in: name, at: argumentStart))
                skipBlanks()
                if peek == "," {
                    position += 1
                    skipBlanks()
                    continue
                }
                break
            }
        }
        try expect(")", "')' or ','")
        guard arguments.count == signature.parameters.count else {
            throw JSONPathError("\(name)() takes \(signature.parameters.count) argument\(signature.parameters.count == 1 ? "" : "s")", offset: start)
        }
        return FunctionCall(name: name, arguments: arguments, resultType: signature.result)
    }

    /// An argument as written: a lone literal, query or call when a `,` or `)` follows it, else a logical expression.
    private mutating func argument() throws(JSONPathError) -> FunctionArgument {
        let start = position
        if peek == "@" || peek == "$" || atLiteral() || (peek.map { ("a"..."z").contains($0) } ?? false) {
            let operand = try operand()
            let end = position
            skipBlanks()
            if peek == "," || peek == ")" {
                position = end
                switch operand {
                case .literal(let value): return .literal(value)
                case .query(let query): return .query(query)
                case .function(let call): return .function(call)
                }
            }
            position = start
        }
        return .logical(try logicalOr())
    }

    /// The argument converted to the parameter's type, or the error of RFC 9535 §2.4.3's well-typedness.
    private func typed(_ argument: FunctionArgument, as type: FunctionType, in name: String, at start: Int) throws(JSONPathError) -> FunctionArgument {
        switch (type, argument) {
        case (.value, .literal), (.logical, .logical): return argument
        case (.value, .query(let query)):
            guard query.isSingular else { throw JSONPathError("\(name)() takes one value here, not a query of many nodes", offset: start) }
            return argument
        case (.value, .function(let call)):
            guard call.resultType == .value else { throw JSONPathError("\(name)() takes a value here, and \(call.name)() gives none", offset: start) }
            return argument
        case (.logical, .query(let query)): return .logical(.exists(query))
        case (.logical, .function(let call)):
            guard call.resultType != .value else { throw JSONPathError("\(name)() takes a logical value here, not \(call.name)()'s value", offset: start) }
            return .logical(.test(call))
        case (.nodes, .query): return argument
        case (.nodes, .function(let call)):
            guard call.resultType == .nodes else { throw JSONPathError("\(name)() takes a query here", offset: start) }
            return argument
        case (.value, .logical): throw JSONPathError("\(name)() takes a value here, not a logical expression", offset: start)
        case (.logical, .literal): throw JSONPathError("\(name)() takes a logical expression here, not a literal", offset: start)
        case (.nodes, _): throw JSONPathError("\(name)() takes a query here", offset: start)
        }
    }
}
