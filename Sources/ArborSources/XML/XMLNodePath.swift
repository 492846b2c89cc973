/// What an id of an XML source names: an element, one of its attributes, or its text. Ids are XPath-like:
/// `/project/dependencies/dependency[3]`, `/project/@version`, `/project/name/text()`; an element's place
/// among its siblings of the same name is written from the second on.
enum XMLNodePath: Equatable {
    case element(Int32)
    case attribute(of: Int32, position: Int)
    case text(of: Int32)

    /// The last segment of an element's id.
    static func segment(name: String, ordinal: Int32) -> String {
        ordinal > 1 ? "\(name)[\(ordinal)]" : name
    }

    /// A segment read back: a name and its place (1 when not written).
    static func parse(_ segment: Substring) -> (name: Substring, ordinal: Int32)? {
        guard segment.last == "]", let open = segment.lastIndex(of: "[") else { return (segment, 1) }
        guard let ordinal = Int32(segment[segment.index(after: open)..<segment.index(before: segment.endIndex)]), ordinal > 0 else {
            return nil
        }
        return (segment[..<open], ordinal)
    }
}

/// Counts elements by name while siblings are passed, for their places among those of the same name: a flat
/// table when the document has few names (the common case: a pass over a million siblings then costs a few
/// milliseconds), a dictionary otherwise.
struct XMLPlaces {
    private var flat: [Int32]
    private var byName: [Int32: Int32] = [:]

    init(names: Int) {
        flat = names <= 4_096 ? [Int32](repeating: 0, count: names) : []
    }

    /// Counts one more element of `name`; its place (from 1).
    mutating func count(_ name: Int32) -> Int32 {
        if Int(name) < flat.count {
            flat[Int(name)] += 1
            return flat[Int(name)]
        }
        let place = (byName[name] ?? 0) + 1
        byName[name] = place
        return place
    }
}
