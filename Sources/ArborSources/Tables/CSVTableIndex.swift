/// An adjacency table found in one pass over CSV or TSV bytes: per row where it starts, its line, where its id
/// is, its parent row, and the children of every row; the rest of a row is read from its bytes when shown.
/// Ids are compared as strings (as the full builder's table does), through a hash table of row numbers.
struct CSVTableIndex: Sendable {
    /// The header's column names.
    let columns: [String]
    /// Per row (row 0 is the first after the header): where its record starts, where its id's bytes are.
    private(set) var start: ByteOffsets
    private(set) var idStart: ByteOffsets
    private(set) var idEnd: ByteOffsets
    /// Per row: its parent row, or -1 at the top.
    private(set) var parent: [Int32] = []
    /// The children of row `r` are `childList[childStart[r]..<childStart[r + 1]]`; the top rows come last,
    /// as the children of row `count`.
    private(set) var childStart: [Int32] = []
    private(set) var childList: [Int32] = []
    /// Per slot of the hash table (one and a half slots a row, the lower half of an id's hash choosing the
    /// first): row number + 1 in the low half, the upper half of the id's hash in the high half (so that most
    /// probes need not read the id); 0 for an empty slot.
    private var slots: [UInt64] = []
    /// Whether every id is ASCII: then ids are equal when their bytes are (as strings they could be
    /// canonically equivalent to other bytes otherwise), and are hashed and compared as bytes.
    private var asciiIDs = true
    /// Whether the table has no id column: a row's id is its number, from 1, and no hash table is kept.
    var numbersRows = false

    /// The number of rows.
    var count: Int { start.count }

    init(columns: [String], inputSize: Int) {
        self.columns = columns
        start = ByteOffsets(inputSize: inputSize)
        idStart = ByteOffsets(inputSize: inputSize)
        idEnd = ByteOffsets(inputSize: inputSize)
    }

    /// The rows at the top.
    var top: ArraySlice<Int32> { children(of: Int32(count)) }

    /// The children of a row (`count` for the top).
    func children(of row: Int32) -> ArraySlice<Int32> {
        childList[Int(childStart[Int(row)])..<Int(childStart[Int(row) + 1])]
    }

    mutating func addRow(start offset: Int, id: Range<Int>) {
        start.append(offset)
        idStart.append(id.lowerBound)
        idEnd.append(id.upperBound)
    }

    /// A row's id, unquoted.
    func id(of row: Int32, in bytes: UnsafeBufferPointer<UInt8>) -> String {
        if numbersRows { return String(row + 1) }
        return CSVRecordReader.text(UnsafeBufferPointer(rebasing: bytes[idStart[Int(row)]..<idEnd[Int(row)]]))
    }

    /// Puts every row's id in the hash table; false when an id is empty or repeated.
    mutating func hashIDs(in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        if numbersRows { return true }
        let capacity = max(16, count + count / 2)
        slots = [UInt64](unsafeUninitializedCapacity: capacity) { buffer, count in
            buffer.initialize(repeating: 0)
            count = capacity
        }
        asciiIDs = (0..<count).allSatisfy { !bytes[idStart[$0]..<idEnd[$0]].contains { $0 >= 0x80 } }
        for row in 0..<Int32(count) {
            let key = key(of: row, in: bytes)
            if key.isEmpty { return false }
            let fragment = Self.fragment(key.hash)
            var slot = Self.firstSlot(key.hash, capacity)
            while slots[slot] != 0 {
                let other = Int32(truncatingIfNeeded: slots[slot] & 0xFFFF_FFFF) - 1
                if slots[slot] & ~0xFFFF_FFFF == fragment, self.key(of: other, in: bytes) == key { return false }
                slot = slot + 1 == capacity ? 0 : slot + 1
            }
            slots[slot] = fragment | UInt64(row + 1)
        }
        return true
    }

    /// The row with an id.
    func find(_ id: String, in bytes: UnsafeBufferPointer<UInt8>) -> Int32? {
        if numbersRows {
            guard let number = Int(id), (1...count).contains(number), String(number) == id else { return nil }
            return Int32(number - 1)
        }
        if asciiIDs, !id.utf8.allSatisfy({ $0 < 0x80 }) { return nil }
        return find(TableKey(text: id, byBytes: asciiIDs), in: bytes)
    }

    /// The row with the id in raw field bytes (quotes included).
    func find(field raw: UnsafeBufferPointer<UInt8>, in bytes: UnsafeBufferPointer<UInt8>) -> Int32? {
        guard asciiIDs, raw.first != UInt8(ascii: "\""), !raw.contains(where: { $0 >= 0x80 }) else {
            return find(CSVRecordReader.text(raw), in: bytes)
        }
        return find(TableKey(bytes: raw), in: bytes)
    }

    private func find(_ key: TableKey, in bytes: UnsafeBufferPointer<UInt8>) -> Int32? {
        guard !slots.isEmpty else { return nil }
        let fragment = Self.fragment(key.hash)
        var slot = Self.firstSlot(key.hash, slots.count)
        while slots[slot] != 0 {
            let row = Int32(truncatingIfNeeded: slots[slot] & 0xFFFF_FFFF) - 1
            if slots[slot] & ~0xFFFF_FFFF == fragment, self.key(of: row, in: bytes) == key { return row }
            slot = slot + 1 == slots.count ? 0 : slot + 1
        }
        return nil
    }

    /// The slot a probe for a hash begins at: the lower half of the hash scaled to the table.
    private static func firstSlot(_ hash: Int, _ capacity: Int) -> Int {
        Int((UInt64(UInt32(truncatingIfNeeded: hash)) &* UInt64(capacity)) >> 32)
    }

    private static func fragment(_ hash: Int) -> UInt64 { UInt64(truncatingIfNeeded: hash) & ~0xFFFF_FFFF }

    /// A row's id as the table compares it.
    private func key(of row: Int32, in bytes: UnsafeBufferPointer<UInt8>) -> TableKey {
        let raw = UnsafeBufferPointer(rebasing: bytes[idStart[Int(row)]..<idEnd[Int(row)]])
        if asciiIDs, raw.first != UInt8(ascii: "\"") { return TableKey(bytes: raw) }
        return TableKey(text: CSVRecordReader.text(raw), byBytes: asciiIDs)
    }

    /// Links rows to their parents (row numbers, -1 at the top) and lays the children out in row order;
    /// false when a row is not reachable from the top (a cycle of parents).
    mutating func link(parents: [Int32]) -> Bool {
        parent = parents
        // Each list's end, then, placing the rows from the last, each list's start.
        var starts = [Int32](repeating: 0, count: count + 2)
        for row in parents { starts[Int(row < 0 ? Int32(count) : row)] += 1 }
        for index in 1..<starts.count { starts[index] += starts[index - 1] }
        childList = [Int32](repeating: 0, count: count)
        for (row, owner) in parents.enumerated().reversed() {
            let list = Int(owner < 0 ? Int32(count) : owner)
            starts[list] -= 1
            childList[Int(starts[list])] = Int32(row)
        }
        childStart = starts
        var reached = 0
        var stack = Array(top)
        while let row = stack.popLast() {
            reached += 1
            stack += children(of: row)
        }
        return reached == count
    }
}
