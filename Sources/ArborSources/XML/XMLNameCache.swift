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
