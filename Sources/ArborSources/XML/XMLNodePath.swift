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
