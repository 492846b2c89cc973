import ArborCore
import ArborPath

/// What the tree of changes shows of a JSON value: its members, its type, its cell's texts and its lines of JSON.
enum DiffValues {
    /// The name of a value's type, as a document's cells say it.
    static func type<Value: DiffableValue>(of value: Value) -> String {
        switch value.kind {
        case .null: return "null"
        case .boolean: return "boolean"
        case .number: return "number"
        case .string: return "string"
        case .array: return "array"
        case .object: return "object"
        }
    }

    /// A scalar as a document's cell shows it; nil for a container.
    static func scalar<Value: DiffableValue>(_ value: Value) -> ScalarValue? {
        guard !value.isContainer else { return nil }
        switch value.json {
        case .null: return ScalarValue(.null, "null")
        case .boolean(let flag): return ScalarValue(.boolean, flag ? "true" : "false")
        case .string(let text): return ScalarValue(.string, text)
        case let number: return ScalarValue(.number, number.compactJSON)
        }
    }

    /// One line for a value: a scalar's JSON, or its size (`{3 keys}`, `[1 item]`).
    static func summary<Value: DiffableValue>(_ value: Value) -> String {
        switch value.kind {
        case .object: return value.memberCount == 1 ? "{1 key}" : "{\(value.memberCount) keys}"
        case .array: return value.memberCount == 1 ? "[1 item]" : "[\(value.memberCount) items]"
        default: return value.json.compactJSON
        }
    }

    /// The title of an element: its index, and the title, name, label or id it holds, if any (`[2] Berlin Plant`).
    static func elementTitle<Value: DiffableValue>(_ position: Int, _ value: Value) -> String {
        name(of: value).map { "[\(position)] " + $0 } ?? "[\(position)]"
    }

    /// The title, name, label or id an object holds as a string, if it holds one.
    static func name<Value: DiffableValue>(of value: Value) -> String? {
        guard value.kind == .object else { return nil }
        let members = value.diffMembers
        for name in ["title", "name", "label", "id"] {
            if let member = members.first(where: { $0.key == name })?.value, member.kind == .string, case .string(let text) = member.json {
                return text
            }
        }
        return nil
    }

    /// The title of an object's member: its key, and the title it holds when it has another (`cto · Jonas`).
    static func memberTitle<Value: DiffableValue>(_ key: String, _ value: Value) -> String {
        guard value.kind == .object, let title = value.member("title"), title.kind == .string, case .string(let text) = title.json,
              text != key else { return key }
        return key + " · " + text
    }

    /// The value as indented JSON, at most `limit` lines; whether lines were left out.
    static func lines<Value: DiffableValue>(of value: Value, limit: Int) -> (lines: [String], isCut: Bool) {
        var lines: [String] = []
        // Each step: a value to open at an indent with the text before it, or a closing bracket.
        var pending: [(value: Value?, prefix: String, indent: Int, suffix: String)] = [(value, "", 0, "")]
        while let (next, prefix, indent, suffix) = pending.popLast() {
            guard lines.count < limit else { return (lines, true) }
            let margin = String(repeating: "  ", count: indent)
            guard let next else {
                lines.append(margin + prefix + suffix)
                continue
            }
            guard next.isContainer, next.memberCount > 0 else {
                lines.append(margin + prefix + (next.isContainer ? (next.kind == .object ? "{}" : "[]") : next.json.compactJSON) + suffix)
                continue
            }
            let isObject = next.kind == .object
            lines.append(margin + prefix + (isObject ? "{" : "["))
            pending.append((nil, isObject ? "}" : "]", indent, suffix))
            let members = next.diffMembers
            for (offset, member) in members.enumerated().reversed() {
                let key = member.key.map { JSONPathValue.string($0).compactJSON + ": " } ?? ""
                pending.append((member.value, key, indent + 1, offset == members.count - 1 ? "" : ","))
            }
        }
        return (lines, false)
    }
}
