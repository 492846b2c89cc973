import ArborCore

/// A source whose items are JSON values as its input wrote them (the lines of JSON Lines): `--output json`
/// prints those bytes instead of an object made of the item's fields.
package protocol JSONValueTexts: HierarchySource {
    /// The item's value as the input has it, or nil when the source prints items as any other does.
    func jsonText(of id: String) async throws -> [UInt8]?
}

extension LazyJSONDocument: JSONValueTexts {
    /// A line's (or a member's) bytes, for JSON Lines; nil for a document.
    package func jsonText(of id: String) async throws -> [UInt8]? {
        isLines ? try valueText(of: id) : nil
    }
}

extension ReopeningSource: JSONValueTexts {
    func jsonText(of id: String) async throws -> [UInt8]? {
        try await FormatCapabilities(of: current).jsonTexts?.jsonText(of: id)
    }
}
