/// The two parts of a ``JSONDocumentSplitScan``, each scanned by whichever thread the caller gives it (part 0
/// the bytes before the split, part 1 those after), then joined. A part stops early when `race` says the bytes
/// are an object tree. Each part writes only its own fields; `joined()` reads them once both have ended.
final class JSONSplitScanJob: @unchecked Sendable {
    private let bytes: UnsafeBufferPointer<UInt8>
    private let race: ScanRace?
    /// The first point past the split outside strings, as far as a guess can tell.
    private let outside: Int
    private var head: JSONDocumentIndex
    private var tail: JSONDocumentIndex
    private var headEnd: JSONDocumentScanner.Head?
    private var comma: Int?
    private var outers: [JSONTailScanner.Outer]?

    /// A job splitting `bytes` near `place`; nil when no point outside a string is found near it.
    init?(_ bytes: UnsafeBufferPointer<UInt8>, splitAt place: Int, race: ScanRace?) {
        guard place > 0, place < bytes.count,
              let outside = JSONSplitPoint.outsideStrings(in: bytes, from: place, before: min(bytes.count, place + JSONSplitPoint.reach))
        else { return nil }
        self.bytes = bytes
        self.race = race
        self.outside = outside
        // Both indexes are made on the caller's thread, so that both hold their offsets in the same form; the
        // first with room for the whole document's (room not filled costs no memory).
        head = JSONDocumentIndex(inputSize: bytes.count, expectedContainers: JSONDocumentIndex.room(forBytes: bytes.count))
        tail = JSONDocumentIndex(inputSize: bytes.count, expectedContainers: JSONDocumentIndex.room(forBytes: bytes.count - place))
    }

    /// Scans part 0 (up to the first comma between members past the split) or part 1 (from the guessed comma).
    func scan(part: Int) {
        if part == 0 {
            headEnd = JSONDocumentScanner.scanHead(bytes, stopAt: outside, into: &head, race: race)
        } else if let comma = JSONSplitPoint.comma(in: bytes, from: outside) {
            self.comma = comma
            outers = JSONTailScanner.scan(bytes, from: comma, into: &tail, race: race)
        }
    }

    /// The whole index, once both parts are scanned; nil when the bytes are not well-formed, the parts do not
    /// agree around the split, or the race was lost (the caller then scans in one pass, which decides).
    func joined() -> JSONDocumentIndex? {
        if let race, race.treeFound { return nil }
        let frames: [JSONDocumentScanner.Frame], comma: Int
        switch headEnd {
        case nil: return nil
        case .whole?: return head
        case .open(let open, let at)?: (frames, comma) = (open, at)
        }
        if comma != self.comma {
            // The guess of where strings were was wrong: the part after the first part's comma, scanned now.
            tail = JSONDocumentIndex(inputSize: bytes.count, expectedContainers: JSONDocumentIndex.room(forBytes: bytes.count - comma))
            outers = JSONTailScanner.scan(bytes, from: comma, into: &tail, race: race)
        }
        guard let outers, outers.count == frames.count else { return nil }
        var index = head
        head = JSONDocumentIndex(inputSize: 0)
        return index.join(&tail, around: frames, closedBy: outers) ? index : nil
    }
}
