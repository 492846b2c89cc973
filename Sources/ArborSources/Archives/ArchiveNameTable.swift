/// The entries of an archive's listing found by their directory and name: an open-addressing table of entry
/// places (4 bytes a slot, at most half full), the names compared in the entries themselves, so that no path is
/// held twice (a dictionary of whole paths took about 100 bytes a member).
struct ArchiveNameTable: Sendable {
    private var slots: [Int32]
    private var count = 0

    /// An empty table.
    init() {
        slots = Array(repeating: -1, count: 1024)
    }

    private static func start(parent: Int32, name: String, mask: Int) -> Int {
        var hasher = Hasher()
        hasher.combine(parent)
        hasher.combine(name)
        return hasher.finalize() & mask
    }

    /// The place of the entry named `name` in the directory at `parent`; `key` gives an entry's directory and name.
    func find(parent: Int32, name: String, key: (Int32) -> (parent: Int32, name: String)) -> Int32? {
        let mask = slots.count - 1
        var at = Self.start(parent: parent, name: name, mask: mask)
        while slots[at] >= 0 {
            let found = key(slots[at])
            if found.parent == parent, found.name == name { return slots[at] }
            at = (at + 1) & mask
        }
        return nil
    }

    /// Adds the entry at `place`, not in the table yet; `key` gives an entry's directory and name.
    mutating func insert(_ place: Int32, key: (Int32) -> (parent: Int32, name: String)) {
        if (count + 1) * 2 > slots.count {
            let held = slots.filter { $0 >= 0 }
            slots = Array(repeating: -1, count: slots.count * 2)
            count = 0
            for old in held { put(old, key: key(old)) }
        }
        put(place, key: key(place))
    }

    private mutating func put(_ place: Int32, key: (parent: Int32, name: String)) {
        let mask = slots.count - 1
        var at = Self.start(parent: key.parent, name: key.name, mask: mask)
        while slots[at] >= 0 { at = (at + 1) & mask }
        slots[at] = place
        count += 1
    }
}
