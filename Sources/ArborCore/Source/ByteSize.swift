/// Sizes in bytes as people read and write them: `1.5 GB` shown, `512M`, `2G`, `64KiB` or `1000` given.
package enum ByteSize {
    /// A size in the largest unit that keeps it at or above 1, to a tenth (`4.4 GB`, `980 B`).
    package static func text(_ size: Int) -> String {
        let units = ["B", "KB", "MB", "GB", "TB"]
        var value = Double(size)
        var unit = 0
        while value >= 1024, unit < units.count - 1 {
            value /= 1024
            unit += 1
        }
        if unit == 0 { return "\(size) B" }
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(tenths % 10) \(units[unit])"
    }

    /// The bytes a size names: a number (a fraction allowed) and an optional unit K, M, G or T (binary
    /// multiples; `KB`, `KiB` and lower case read the same); nil for anything else or a size of 0.
    package static func parse(_ text: String) -> Int? {
        let compact = text.uppercased().filter { $0 != " " }
        let number = compact.prefix { $0.isNumber || $0 == "." }
        var unit = String(compact.dropFirst(number.count))
        if unit.hasSuffix("IB") { unit.removeLast(2) } else if unit.hasSuffix("B") { unit.removeLast() }
        let shifts: [String: Int] = ["": 0, "K": 10, "M": 20, "G": 30, "T": 40]
        guard let value = Double(number), let shift = shifts[unit], value > 0 else { return nil }
        let bytes = value * Double(1 << shift)
        return bytes < Double(Int.max / 2) ? Int(bytes) : nil
    }
}
