/// An element the parser is inside of, counting its child elements by name (for their places among siblings
/// of the same name): a short list while few names are met, as most elements have few.
struct XMLOpenElement {
    let element: Int32
    private var names: [(name: Int32, count: Int32)] = []
    private var many: [Int32: Int32]?

    init(element: Int32) {
        self.element = element
    }

    /// Counts one more child of `name`; its place (from 1) among those of its name.
    mutating func count(_ name: Int32) -> Int32 {
        if many != nil {
            let count = (many![name] ?? 0) + 1
            many![name] = count
            return count
        }
        for index in names.indices where names[index].name == name {
            names[index].count += 1
            return names[index].count
        }
        names.append((name, 1))
        if names.count > 16 {
            many = Dictionary(uniqueKeysWithValues: names.map { ($0.name, $0.count) })
            names = []
        }
        return 1
    }
}

/// The numbers of the names met, by the addresses of the prefix and local name libxml2 hands over (interned in
/// its dictionary for the whole parse): a direct-mapped table in front of the index's names.
struct XMLNameCache {
    private var slots = [(prefix: UnsafeRawPointer?, local: UnsafeRawPointer?, number: Int32)](repeating: (nil, nil, -1), count: 256)

    /// The number of a name, made by `make` the first time its addresses are met in a slot.
    mutating func number(prefix: UnsafePointer<UInt8>?, local: UnsafePointer<UInt8>, make: () -> Int32) -> Int32 {
        let key = (UInt(bitPattern: local) >> 3) ^ (UInt(bitPattern: prefix) >> 5)
        let slot = Int(key & 255)
        let entry = slots[slot]
        if entry.local == UnsafeRawPointer(local), entry.prefix == prefix.map(UnsafeRawPointer.init) { return entry.number }
        let number = make()
        slots[slot] = (prefix.map(UnsafeRawPointer.init), UnsafeRawPointer(local), number)
        return number
    }
}
