import ArborPath

/// Applies JSON Patch operations (`add`, `remove`, `replace`) to a value, as RFC 6902 says: to check in tests
/// and fuzzing that a patch made by ``DocumentDiff`` turns the first document into the second.
package enum PatchApplier {
    /// The value after the operations, or nil when one names a place that does not exist.
    package static func apply(_ operations: [PatchOperation], to value: JSONPathValue) -> JSONPathValue? {
        var current = value
        for operation in operations {
            guard let segments = JSONPointer.segments(operation.path)?.map(JSONPointer.unescape), let changed = applying(operation, at: segments[...], to: current) else {
                return nil
            }
            current = changed
        }
        return current
    }

    private static func applying(_ operation: PatchOperation, at path: ArraySlice<String>, to value: JSONPathValue) -> JSONPathValue? {
        guard let segment = path.first else {
            return operation.op == "replace" || operation.op == "add" ? operation.value : nil
        }
        let last = path.count == 1
        switch value {
        case .object(var members):
            let index = members.firstIndex { $0.key == segment }
            if last {
                switch operation.op {
                case "remove":
                    guard let index else { return nil }
                    members.remove(at: index)
                case "add", "replace":
                    guard let new = operation.value, operation.op == "add" || index != nil else { return nil }
                    if let index { members[index].value = new } else { members.append((segment, new)) }
                default: return nil
                }
                return .object(members)
            }
            guard let index, let inner = applying(operation, at: path.dropFirst(), to: members[index].value) else { return nil }
            members[index].value = inner
            return .object(members)
        case .array(var elements):
            guard let index = Int(segment), index >= 0 else { return nil }
            if last {
                switch operation.op {
                case "remove" where index < elements.count: elements.remove(at: index)
                case "add" where index <= elements.count: elements.insert(operation.value ?? .null, at: index)
                case "replace" where index < elements.count: elements[index] = operation.value ?? .null
                default: return nil
                }
                return .array(elements)
            }
            guard index < elements.count, let inner = applying(operation, at: path.dropFirst(), to: elements[index]) else { return nil }
            elements[index] = inner
            return .array(elements)
        default:
            return nil
        }
    }
}
