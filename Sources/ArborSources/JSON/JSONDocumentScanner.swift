import CJSONScan

/// One pass over JSON bytes that validates them and builds a ``JSONDocumentIndex`` without decoding values.
enum JSONDocumentScanner {
    /// A container being scanned.
    struct Frame {
        var container: Int32
        var isObject: Bool
        var members: Int32 = 0
    }

    /// The index of a well-formed document, or nil (the full parser then says where it went wrong).
    static func scan(_ bytes: UnsafeBufferPointer<UInt8>, race: ScanRace? = nil) -> JSONDocumentIndex? {
        var index = JSONDocumentIndex(inputSize: bytes.count, expectedContainers: JSONDocumentIndex.room(forBytes: bytes.count))
        var position = afterByteOrderMark(bytes)
        var stack: [Frame] = []
        guard scanValue(bytes, &position, into: &index, parent: -1, position: 0, stack: &stack, race: race) else { return nil }
        JSONGrammar.skipSpace(bytes, &position)
        return position == bytes.count ? index : nil
    }

    /// Scans one value from `position` (space before it skipped) to just past its end, adding its containers to
    /// `index` under `parent` at `memberIndex`; false when the bytes (up to `bytes.count`) are not one value.
    /// `stack` is scratch space, empty on entry, handed in so that many values reuse one allocation.
    static func scanValue(
        _ bytes: UnsafeBufferPointer<UInt8>, _ position: inout Int, into index: inout JSONDocumentIndex,
        parent: Int32, position memberIndex: Int32, stack: inout [Frame], race: ScanRace? = nil
    ) -> Bool {
        var stoppedAtComma = false
        return scanValue(bytes, &position, into: &index, parent: parent, position: memberIndex, stack: &stack, race: race,
                         stopAt: .max, stoppedAtComma: &stoppedAtComma)
    }

    /// The rest of a container after a comma between two of its members (the part of a document after its split),
    /// up to and past its closing bracket: the containers in those members are added to `index`, their parent the
    /// container's number `outer.container` (negative); `outerEvent` is told where each of its members starts (a
    /// checkpoint) and where it ends with its members (a close). False when the bytes are not that rest.
    static func scanRest(
        _ bytes: UnsafeBufferPointer<UInt8>, _ position: inout Int, inside outer: arbor_json_frame, into index: inout JSONDocumentIndex,
        stack: inout [Frame], race: ScanRace?, outerEvent: (arbor_json_event) -> Void
    ) -> Bool {
        var stoppedAtComma = false
        return scanValue(bytes, &position, into: &index, parent: outer.container, position: 0, stack: &stack, race: race, stopAt: .max,
                         stoppedAtComma: &stoppedAtComma, inside: outer, outerEvent: outerEvent)
    }

    /// As above, stopping at the first comma between two members at or after `stopAt` (the first part of a
    /// document scanned in two): returns false there with `stoppedAtComma` set, `position` at the comma and the
    /// open containers on `stack`. With `outer`, the scan starts inside that container after a comma
    /// (``scanRest(_:_:inside:into:stack:race:outerEvent:)``).
    static func scanValue(
        _ bytes: UnsafeBufferPointer<UInt8>, _ position: inout Int, into index: inout JSONDocumentIndex,
        parent: Int32, position memberIndex: Int32, stack: inout [Frame], race: ScanRace?, stopAt: Int, stoppedAtComma: inout Bool,
        inside outer: arbor_json_frame? = nil, outerEvent: (arbor_json_event) -> Void = { _ in }
    ) -> Bool {
        stack.removeAll(keepingCapacity: true)
        guard let base = bytes.baseAddress, position < bytes.count else { return false }
        return withUnsafeTemporaryAllocation(of: arbor_json_frame.self, capacity: 64) { frames in
            withUnsafeTemporaryAllocation(of: arbor_json_event.self, capacity: eventCapacity) { events in
                var scan = arbor_json_scan()
                arbor_json_scan_begin(&scan, base, Int64(bytes.count), Int64(position), Int64(min(stopAt, Int(Int64.max))),
                                      parent, memberIndex, Int32(clamping: index.count), Int32(JSONDocumentIndex.stride),
                                      frames.baseAddress, Int64(frames.count), events.baseAddress, Int64(events.count))
                defer { arbor_json_scan_end(&scan) }
                if let outer {
                    frames[0] = outer
                    scan.depth = 1
                    scan.expect_value = 0
                }
                while true {
                    if race != nil { scan.pause_at = scan.position + Int64(raceInterval) }
                    let from = Int(scan.position)
                    let status = arbor_json_scan_run(&scan)
                    MappedPages.read(from..<Int(scan.position), from: base)
                    var kept = Int(scan.event_count)
                    if outer != nil { kept = Self.takeOuterEvents(events, count: kept, outerEvent) }
                    index.record(UnsafeBufferPointer(rebasing: events[0..<kept]), opened: Int(scan.opened))
                    position = Int(scan.position)
                    switch status {
                    case ARBOR_JSON_DONE: return true
                    case ARBOR_JSON_STOPPED:
                        stoppedAtComma = true
                        for level in 0..<Int(scan.depth) {
                            let frame = scan.stack[level]
                            stack.append(Frame(container: frame.container, isObject: frame.is_object != 0, members: frame.members))
                        }
                        return false
                    case ARBOR_JSON_PAUSED:
                        if let race, race.treeFound { return false }
                    default: return false
                    }
                }
            }
        }
    }

    /// Hands the events about an outer container (its checkpoints and its close, whose container is negative) to
    /// `outerEvent` and moves the others to the front, in order; their number.
    private static func takeOuterEvents(_ events: UnsafeMutableBufferPointer<arbor_json_event>, count: Int,
                                        _ outerEvent: (arbor_json_event) -> Void) -> Int {
        var kept = 0
        for at in 0..<count {
            let event = events[at]
            if event.kind != Int32(ARBOR_JSON_OPEN.rawValue), event.a < 0 {
                outerEvent(event)
            } else {
                events[kept] = event
                kept += 1
            }
        }
        return kept
    }

    /// Events taken from the scan at a time (on the stack: 24 bytes each).
    private static let eventCapacity = 1_024

    /// Bytes scanned between two looks at the race, when there is one.
    private static let raceInterval = 1 << 20

    /// The first part of a document scanned in two: its containers up to the first comma between two members
    /// at or after `stopAt`, and the containers still open there with their members so far (innermost last).
    /// `.whole` when the document ended before such a comma; nil when the bytes are not well-formed or `race`
    /// says they are an object tree.
    static func scanHead(
        _ bytes: UnsafeBufferPointer<UInt8>, stopAt: Int, into index: inout JSONDocumentIndex, race: ScanRace? = nil
    ) -> Head? {
        var position = afterByteOrderMark(bytes)
        var stack: [Frame] = []
        var stoppedAtComma = false
        if scanValue(bytes, &position, into: &index, parent: -1, position: 0, stack: &stack, race: race, stopAt: stopAt,
                     stoppedAtComma: &stoppedAtComma) {
            JSONGrammar.skipSpace(bytes, &position)
            return position == bytes.count ? .whole : nil
        }
        return stoppedAtComma ? .open(stack, comma: position) : nil
    }

    /// Where the document starts: past a UTF-8 byte order mark, if any.
    private static func afterByteOrderMark(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF ? 3 : 0
    }

    /// How the first part of a document scanned in two ended.
    enum Head {
        /// The whole document was scanned.
        case whole
        /// At a comma, inside these containers.
        case open([Frame], comma: Int)
    }
}
