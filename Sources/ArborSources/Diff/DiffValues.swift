import ArborCore
import ArborPath

/// What the tree of changes shows of a JSON value: its members, its type, its cell's texts and its lines of JSON.
enum DiffValues {
    /// A container's members (an object's keys once each, its last value), or none for a scalar.
    static func members(of value: JSONPathValue) -> [(key: String?, position: Int, value: JSONPathValue)] {
        switch value {
        case .object(let members):
            return DocumentDiff.lastKeyWins(members).enumerated().map { (key: $1.key, position: $0, value: $1.value) }
        case .array(let elements):
            return elements.enumerated().map { (key: nil, position: $0, value: $1) }
        default:
            return []
        }
    }

    /// The member a pointer segment names (`~1` for `/`, `~0` for `~`), if there is one.
    static func member(_ segment: Substring, of value: JSONPathValue) -> JSONPathValue? {
        switch value {
        case .object(let members):
            let key = segment.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
            return members.last { $0.key == key }?.value
        case .array(let elements):
            guard let index = Int(segment), elements.indices.contains(index) else { return nil }
            return elements[index]
        default:
            return nil
        }
    }

    /// The number of members of a container; 0 for a scalar.
    static func count(of value: JSONPathValue) -> Int {
        switch value {
        case .object(let members): return Set(members.map(\.key)).count
        case .array(let elements): return elements.count
        default: return 0
        }
    }

    /// The name of a value's type, as a document's cells say it.
    static func type(of value: JSONPathValue) -> String {
        switch value {
        case .null: return "null"
        case .boolean: return "boolean"
        case .number: return "number"
        case .string: return "string"
        case .array: return "array"
        case .object: return "object"
        }
    }

    /// A scalar as a document's cell shows it; nil for a container.
    static func scalar(_ value: JSONPathValue) -> ScalarValue? {
        switch value {
        case .null: return ScalarValue(.null, "null")
        case .boolean(let flag): return ScalarValue(.boolean, flag ? "true" : "false")
        case .number: return ScalarValue(.number, value.compactJSON)
        case .string(let text): return ScalarValue(.string, text)
        case .array, .object: return nil
        }
    }

    /// One line for a value: a scalar's JSON, or its size (`{3 keys}`, `[1 item]`).
    static func summary(_ value: JSONPathValue) -> String {
        switch value {
        case .object:
            let count = count(of: value)
            return count == 1 ? "{1 key}" : "{\(count) keys}"
        case .array(let elements): return elements.count == 1 ? "[1 item]" : "[\(elements.count) items]"
        default: return value.compactJSON
        }
    }

    /// The title of an element: its index, and the title, name, label or id it holds, if any (`[2] Berlin Plant`).
    static func elementTitle(_ position: Int, _ value: JSONPathValue) -> String {
        guard case .object(let members) = value else { return "[\(position)]" }
        for name in ["title", "name", "label", "id"] {
            if case .string(let text)? = members.first(where: { $0.key == name })?.value { return "[\(position)] " + text }
        }
        return "[\(position)]"
    }

    /// The value as indented JSON, at most `limit` lines; whether lines were left out.
    static func lines(of value: JSONPathValue, limit: Int) -> (lines: [String], isCut: Bool) {
        var lines: [String] = []
        // Each step: a value to open at an indent with the text before it, or a closing bracket.
        var pending: [(value: JSONPathValue?, prefix: String, indent: Int, suffix: String)] = [(value, "", 0, "")]
        while let (next, prefix, indent, suffix) = pending.popLast() {
            guard lines.count < limit else { return (lines, true) }
            let margin = String(repeating: "  ", count: indent)
            guard let next else {
                lines.append(margin + prefix + suffix)
                continue
            }
            let members = members(of: next)
            guard next.kind == .object || next.kind == .array, !members.isEmpty else {
                lines.append(margin + prefix + next.compactJSON + suffix)
                continue
            }
            let isObject = next.kind == .object
            lines.append(margin + prefix + (isObject ? "{" : "["))
            pending.append((nil, isObject ? "}" : "]", indent, suffix))
            for (offset, member) in members.enumerated().reversed() {
                let key = member.key.map { JSONPathValue.string($0).compactJSON + ": " } ?? ""
                pending.append((member.value, key, indent + 1, offset == members.count - 1 ? "" : ","))
            }
        }
        return (lines, false)
    }
}
