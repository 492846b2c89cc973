/// A document index's tables and the document's bytes by address, for loops that read them many times (a page
/// of members, a query's walk) without copying the index or counting references to its storage.
struct JSONIndexTables {
    let bytes: UnsafeBufferPointer<UInt8>
    let start: ByteOffsets.View
    let end: Ends
    let parent: UnsafeBufferPointer<Int32>
    let memberCount: NarrowNumbers<UInt8>.View
    /// Whether container 0 is the list of lines of JSON Lines.
    let isLines: Bool
    /// Whether the bytes were written from YAML, its infinities and NaN as marked strings (``YAMLNumber``).
    var readsYAMLNumbers = false

    /// The number of containers.
    var count: Int { parent.count }

    /// Where containers end: their start and length.
    struct Ends {
        let start: ByteOffsets.View
        let length: NarrowNumbers<UInt16>.View

        /// Offset just past a container's closing bracket.
        @inline(__always)
        subscript(container: Int) -> Int { start[container] + length[container] }
    }

    /// Whether a container is an object (else an array; the list of lines is one).
    func isObject(_ container: Int32) -> Bool {
        if container == 0, isLines { return false }
        return bytes[start[Int(container)]] == UInt8(ascii: "{")
    }

    /// The members of a container that is not the list of lines, from `first` (a member's number and where it
    /// starts) up to `endMember`, handed to `body` from member `lower` on until it returns false. Each nested
    /// container is the first container starting at or after it, found forward from the last one (galloping),
    /// so a whole list costs no search over the index. False when `body` stopped it.
    @discardableResult
    func visitMembers(of container: Int32, from first: (member: Int, offset: Int), to endMember: Int, handingFrom lower: Int,
                      _ body: (JSONMember) -> Bool) -> Bool {
        let isObject = bytes[start[Int(container)]] == UInt8(ascii: "{")
        var (member, position) = first
        var nextNested = Int(container) + 1
        while member < endMember {
            JSONGrammar.skipSpace(bytes, &position)
            var key: Range<Int>?
            if isObject {
                let keyStart = position
                _ = JSONGrammar.skipString(bytes, &position)
                key = keyStart..<position
                JSONGrammar.skipSpace(bytes, &position)
                position += 1
                JSONGrammar.skipSpace(bytes, &position)
            }
            let valueStart = position
            var nested: Int32 = -1
            if bytes[position] == UInt8(ascii: "{") || bytes[position] == UInt8(ascii: "[") {
                let found = firstContainer(from: nextNested, startingAtOrAfter: position)
                if found < count, start[found] == position {
                    nested = Int32(found)
                    nextNested = found + 1
                    position = end[found]
                } else {
                    position = JSONValueSkipper.end(of: position, in: bytes)
                }
            } else {
                _ = JSONGrammar.skipScalar(bytes, &position)
            }
            if member >= lower, !body(JSONMember(position: member, key: key, value: valueStart..<position, container: nested)) {
                return false
            }
            member += 1
            JSONGrammar.skipSpace(bytes, &position)
            if position < bytes.count, bytes[position] == UInt8(ascii: ",") { position += 1 }
        }
        return true
    }

    /// The first container from `low` on whose value starts at or after `offset` (``count`` when none): the
    /// distance is doubled until passed, then halved, so a near one is found in a few steps.
    func firstContainer(from low: Int, startingAtOrAfter offset: Int) -> Int {
        var low = low
        var step = 1
        var high = low
        while high < count, start[high] < offset {
            low = high + 1
            high = low + step
            step &*= 2
        }
        high = min(high, count)
        while low < high {
            let middle = (low + high) / 2
            if start[middle] < offset { low = middle + 1 } else { high = middle }
        }
        return low
    }
}

extension JSONDocumentIndex {
    /// Runs `body` with the index's tables and `bytes` by address, valid only inside it.
    func withTables<Result>(bytes: SourceBytes, _ body: (JSONIndexTables) -> Result) -> Result {
        bytes.withUnsafeBufferPointer { bytes in
            start.withView { start in
                length.withView { length in
                    parent.withUnsafeBufferPointer { parent in
                        memberCount.withView { memberCount in
                            body(JSONIndexTables(bytes: bytes, start: start, end: JSONIndexTables.Ends(start: start, length: length), parent: parent,
                                                 memberCount: memberCount, isLines: lines != nil))
                        }
                    }
                }
            }
        }
    }
}
