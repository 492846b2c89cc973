import CJSONScan

/// The part of a document after a comma between two members, scanned without knowing which containers the
/// comma is in: it reads their members (a key and colon first tells an object) and their closing brackets,
/// innermost first, each container's members in one ``JSONDocumentScanner`` scan that starts inside it. Containers at the outer level get
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
                guard readMembers(bytes, &position, of: &outers[level], level: level, into: &index, stack: &stack, race: race)
                else { return nil }
                outers.append(Outer())
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

    /// Reads the members of an outer container from the comma at `position` to its closing bracket, in one scan
    /// that starts inside it: whether it is an object is told by its first member (a key and a colon).
    private static func readMembers(
        _ bytes: UnsafeBufferPointer<UInt8>, _ position: inout Int, of outer: inout Outer, level: Int,
        into index: inout JSONDocumentIndex, stack: inout [JSONDocumentScanner.Frame], race: ScanRace?
    ) -> Bool {
        var first = position + 1
        JSONGrammar.skipSpace(bytes, &first)
        guard first < bytes.count else { return false }
        var isObject = false
        if outer.isObject != false, bytes[first] == UInt8(ascii: "\"") {
            var after = first
            guard JSONGrammar.skipString(bytes, &after) else { return false }
            JSONGrammar.skipSpace(bytes, &after)
            isObject = after < bytes.count && bytes[after] == UInt8(ascii: ":")
        }
        guard outer.isObject ?? isObject == isObject else { return false }
        outer.isObject = isObject
        var starts: [Int] = []
        var end = -1, members: Int32 = 0
        let frame = arbor_json_frame(container: -2 - Int32(level), members: 0, is_object: isObject ? 1 : 0)
        let scanned = JSONDocumentScanner.scanRest(bytes, &position, inside: frame, into: &index, stack: &stack, race: race) { event in
            if event.kind == Int32(ARBOR_JSON_CLOSE.rawValue) {
                (end, members) = (Int(event.offset), event.b)
            } else {
                starts.append(Int(event.offset))
            }
        }
        guard scanned, end >= 0 else { return false }
        outer.memberStarts = starts
        outer.members = members
        outer.end = end
        return true
    }
}
