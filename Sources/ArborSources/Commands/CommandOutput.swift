import ArborCore

/// The output of a children command held as its bytes, with where each line that names a child starts (a line
/// with an id, the first of that id), so that its items are read a page at a time. Lines are indexed as the
/// output arrives; ``footprint`` is what it all takes, for the ceiling a command's output is held to.
struct CommandOutput: Sendable {
    private(set) var bytes: [UInt8] = []
    /// Where each kept line starts.
    private var lineStarts: [Int] = []
    /// Kept line number + 1 in each slot, hashed by the line's id (as text); 0 for an empty slot.
    private var slots: [Int32] = []
    /// How far the bytes have been indexed: up to the last whole line.
    private var indexed = 0
    /// The bytes of the id on the line indexed last (a repeated line is then passed over without decoding it).
    private var lastID: Range<Int> = 0..<0

    /// The number of children.
    var count: Int { lineStarts.count }

    /// The memory the bytes and the index take.
    var footprint: Int { bytes.capacity + lineStarts.capacity * 8 + slots.count * 4 }

    /// Adds bytes that arrived, indexing the lines they complete.
    mutating func append(_ chunk: ArraySlice<UInt8>) {
        bytes.append(contentsOf: chunk)
        guard let lastNewline = chunk.lastIndex(of: 0x0A) else { return }
        indexLines(upTo: bytes.count - (chunk.endIndex - lastNewline) + 1)
    }

    /// Indexes the last line when the output did not end with a newline.
    mutating func finish() {
        if indexed < bytes.count { indexLines(upTo: bytes.count) }
    }

    /// Drops a line left incomplete (by a command stopped in the middle of one).
    mutating func dropIncompleteLine() {
        bytes.removeSubrange(indexed...)
    }

    /// The items of the children `range` (clamped to the list).
    func items(in range: Range<Int>) -> [SourceItem] {
        range.clamped(to: 0..<count).map { CommandSource.item(fromLine: line($0)) }
    }

    /// The bytes of kept line `index`, without its newline.
    private func line(_ index: Int) -> ArraySlice<UInt8> {
        let start = lineStarts[index]
        let end = bytes[start...].firstIndex(of: 0x0A) ?? bytes.count
        return bytes[start..<end]
    }

    /// Indexes the lines in `bytes[indexed..<end]`, `end` being just past a newline or the end of the output.
    private mutating func indexLines(upTo end: Int) {
        var start = indexed
        while start < end {
            let stop = bytes[start..<end].firstIndex(of: 0x0A) ?? end
            let line = bytes[start..<stop]
            let idEnd = line.firstIndex(of: 0x09) ?? (line.last == 0x0D ? stop - 1 : stop)
            if idEnd - start != lastID.count || !bytes[start..<idEnd].elementsEqual(bytes[lastID]) {
                if let id = CommandSource.id(ofLine: line) { keep(lineAt: start, id: id) }
                lastID = start..<idEnd
            }
            start = stop + 1
        }
        indexed = min(start, bytes.count)
    }

    private mutating func keep(lineAt start: Int, id: String) {
        if (lineStarts.count + 1) * 2 > slots.count { growSlots() }
        let mask = slots.count - 1
        var slot = id.hashValue & mask
        while slots[slot] != 0 {
            if CommandSource.id(ofLine: line(Int(slots[slot]) - 1)) == id { return }
            slot = (slot + 1) & mask
        }
        guard lineStarts.count < Int32.max - 1 else { return }
        lineStarts.append(start)
        slots[slot] = Int32(lineStarts.count)
    }

    private mutating func growSlots() {
        slots = [Int32](repeating: 0, count: max(64, slots.count * 2))
        let mask = slots.count - 1
        for index in lineStarts.indices {
            guard let id = CommandSource.id(ofLine: line(index)) else { continue }
            var slot = id.hashValue & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(index + 1)
        }
    }
}
