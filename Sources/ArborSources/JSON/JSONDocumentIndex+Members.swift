/// One member of a container as its bytes say: the key's string (objects), the value, and the container the
/// value is (-1 for a scalar).
struct JSONMember {
    /// The member's position in its container.
    let position: Int
    /// The key with its quotes, for an object's member.
    let key: Range<Int>?
    /// The value's bytes.
    let value: Range<Int>
    /// The container the value is, or -1 (``malformed`` for a line of JSON Lines that is not JSON).
    let container: Int32

    /// The container of a malformed line of JSON Lines: none, its bytes being the line's text.
    static let malformed: Int32 = -2
}

extension JSONDocumentIndex {
    /// Whether a container is an object (else an array).
    func isObject(_ container: Int32, in bytes: SourceBytes) -> Bool {
        if container == 0, lines != nil { return false }
        return bytes[start[Int(container)]] == UInt8(ascii: "{")
    }

    /// The members of a container at positions `range` (clamped), read from the nearest checkpoint before
    /// them; nested containers are skipped through the index, scalars through their bytes.
    func members(of container: Int32, in range: Range<Int>, bytes: SourceBytes) -> [JSONMember] {
        var found: [JSONMember] = []
        found.reserveCapacity(min(range.count, Int(memberCount[Int(container)])))
        visitMembers(of: container, in: range, bytes: bytes) { member in
            found.append(member)
            return true
        }
        return found
    }

    /// Hands the members at positions `range` (clamped) to `body` in order until it returns false, as
    /// ``members(of:in:bytes:)`` reads them, without gathering them.
    @discardableResult
    func visitMembers(of container: Int32, in range: Range<Int>, bytes: SourceBytes, _ body: (JSONMember) -> Bool) -> Bool {
        let wanted = range.clamped(to: 0..<Int(memberCount[Int(container)]))
        guard !wanted.isEmpty else { return true }
        if container == 0, let lines { return visitLines(lines, in: wanted, bytes: bytes, body) }
        let first = checkpoint(before: wanted.lowerBound, of: container)
        return withTables(bytes: bytes) { tables in
            tables.visitMembers(of: container, from: first, to: wanted.upperBound, handingFrom: wanted.lowerBound, body)
        }
    }

    /// The lines of JSON Lines at positions `wanted`, each found by its recorded start.
    private func visitLines(_ lines: JSONLinesTable, in wanted: Range<Int>, bytes: SourceBytes, _ body: (JSONMember) -> Bool) -> Bool {
        let anyMalformed = !lines.malformed.isEmpty
        for member in wanted {
            let start = lines.starts[member]
            let found: JSONMember
            if anyMalformed, let malformed = lines.malformed[Int32(member)] {
                found = JSONMember(position: member, key: nil, value: start..<malformed.end, container: JSONMember.malformed)
            } else if bytes[start] == UInt8(ascii: "{") || bytes[start] == UInt8(ascii: "["), let inner = container(at: start) {
                found = JSONMember(position: member, key: nil, value: start..<end(Int(inner)), container: inner)
            } else {
                found = JSONMember(position: member, key: nil, value: start..<JSONValueSkipper.end(of: start, in: bytes), container: -1)
            }
            if !body(found) { return false }
        }
        return true
    }
}
