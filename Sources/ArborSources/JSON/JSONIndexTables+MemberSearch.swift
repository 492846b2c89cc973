import CJSONScan

extension JSONIndexTables {
    /// The member of object `container` whose key is `name`, the first of that name (a query reads I-JSON, whose
    /// names are unique): the keys compared where they are written and the scalars between passed by
    /// `arbor_json_find_member`, each nested value passed by its end in the index, a key holding an escape
    /// compared decoded. Nil when there is none, or when `name` is not written as itself in JSON (a quote, a
    /// backslash or a control character: the caller compares such a name with each key decoded).
    func member(named name: UnsafeBufferPointer<UInt8>, of container: Int32) -> (value: Range<Int>, container: Int32)? {
        guard let base = bytes.baseAddress, let wanted = name.baseAddress ?? UnsafePointer(base) else { return nil }
        var position = Int64(start[Int(container)] + 1)
        var nextNested = Int(container) + 1
        while true {
            switch arbor_json_find_member(base, Int64(bytes.count), &position, wanted, Int64(name.count)) {
            case ARBOR_JSON_MEMBER_FOUND:
                return value(at: Int(position), nextNested: &nextNested)
            case ARBOR_JSON_MEMBER_NESTED:
                guard let passed = value(at: Int(position), nextNested: &nextNested) else { return nil }
                position = Int64(passed.value.upperBound)
            case ARBOR_JSON_MEMBER_ESCAPED:
                var at = Int(position)
                let key = at
                guard JSONGrammar.skipString(bytes, &at) else { return nil }
                let same = JSONGrammar.string(bytes[key..<at], equals: name)
                JSONGrammar.skipSpace(bytes, &at)
                at += 1
                JSONGrammar.skipSpace(bytes, &at)
                guard at < bytes.count, let found = value(at: at, nextNested: &nextNested) else { return nil }
                if same { return found }
                position = Int64(found.value.upperBound)
            default:
                return nil
            }
        }
    }

    /// Whether a name is written in JSON as its own bytes (no quote, backslash or control character).
    static func writtenAsItself(_ name: UnsafeBufferPointer<UInt8>) -> Bool {
        !name.contains { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }
    }

    /// The value starting at `offset`: a nested container found from `nextNested` on (moved past it), or a scalar.
    private func value(at offset: Int, nextNested: inout Int) -> (value: Range<Int>, container: Int32)? {
        if bytes[offset] == UInt8(ascii: "{") || bytes[offset] == UInt8(ascii: "[") {
            let found = firstContainer(from: nextNested, startingAtOrAfter: offset)
            guard found < count, start[found] == offset else { return nil }
            nextNested = found + 1
            return (offset..<end[found], Int32(found))
        }
        var position = offset
        guard JSONGrammar.skipScalar(bytes, &position) else { return nil }
        return (offset..<position, -1)
    }
}
