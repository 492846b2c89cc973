/// The part of a document after a comma between two members, scanned without knowing which containers the
/// comma is in: it reads their members (a key and colon first tells an object) and their closing brackets,
/// innermost first, and scans every value with ``JSONDocumentScanner``. Containers at the outer level get
/// parent `-2 - k` for the `k`-th container around the comma, to be joined with the first part's index.
enum JSONTailScanner {
    /// A container around the comma, as the part after it saw it.
    struct Outer {
        /// Whether it is an object; nil until a key or its closing bracket says.
        var isObject: Bool?
        /// Its members after the comma.
        var members: Int32 = 0
        /// Where each of those starts (an object's at its key).
        var memberStarts: [Int] = []
        /// The offset past its closing bracket.
        var end = -1
    }

    /// The containers around `comma`, innermost first, each closed, with `index` holding the containers after
    /// it; nil when the bytes from the comma are not the rest of a well-formed document, or when `race` says
    /// they are an object tree.
    static func scan(
        _ bytes: UnsafeBufferPointer<UInt8>, from comma: Int, into index: inout JSONDocumentIndex, race: ScanRace? = nil
    ) -> [Outer]? {
        var outers = [Outer()]
        var position = comma
        var stack: [JSONDocumentScanner.Frame] = []
        while true {
            JSONGrammar.skipSpace(bytes, &position)
            // The end: past the top value, where nothing was read since the last container closed.
            guard position < bytes.count else {
                guard let last = outers.popLast(), last.isObject == nil, last.members == 0, !outers.isEmpty else { return nil }
                return outers
            }
            let level = outers.count - 1
            switch bytes[position] {
            case UInt8(ascii: ","):
                position += 1
                JSONGrammar.skipSpace(bytes, &position)
                guard position < bytes.count, outers[level].members < Int32.max - 1,
                      readMember(bytes, &position, of: &outers[level], level: level, into: &index, stack: &stack, race: race)
                else { return nil }
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                let isObject = bytes[position] == UInt8(ascii: "}")
                guard outers[level].isObject ?? isObject == isObject else { return nil }
                position += 1
                outers[level].isObject = isObject
                outers[level].end = position
                outers.append(Outer())
            default:
                return nil
            }
        }
    }

    /// Reads one member of an outer container from `position` (space skipped): an object's key and colon, then
    /// the value.
    private static func readMember(
        _ bytes: UnsafeBufferPointer<UInt8>, _ position: inout Int, of outer: inout Outer, level: Int,
        into index: inout JSONDocumentIndex, stack: inout [JSONDocumentScanner.Frame], race: ScanRace?
    ) -> Bool {
        let start = position
        var isObject = false
        if outer.isObject != false, bytes[position] == UInt8(ascii: "\"") {
            var after = position
            guard JSONGrammar.skipString(bytes, &after) else { return false }
            JSONGrammar.skipSpace(bytes, &after)
            if after < bytes.count, bytes[after] == UInt8(ascii: ":") {
                isObject = true
                position = after + 1
            }
        }
        guard outer.isObject ?? isObject == isObject else { return false }
        outer.isObject = isObject
        guard JSONDocumentScanner.scanValue(bytes, &position, into: &index, parent: -2 - Int32(level), position: outer.members,
                                            stack: &stack, race: race) else { return false }
        outer.members += 1
        outer.memberStarts.append(start)
        return true
    }
}
