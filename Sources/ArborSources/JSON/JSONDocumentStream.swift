import ArborCore

/// The first screen of a large JSON document before the whole is indexed: the members of its first part (what
/// the opener read to tell its format), every container still open at the part's end closed after the last
/// member read whole, so that each shows the members read so far. The whole document replaces it when indexed.
package enum JSONDocumentStream {
    /// How much of the part read is shown: a list it ends inside is listed whole (up to 2,048 members), and a
    /// first screen needs a few kilobytes.
    static let partSize = 64 << 10

    /// The document of the first part `bytes` of a larger input; nil when the part is an object tree's
    /// beginning (with `detecting`, the format left to detection), holds no comma between two members in its
    /// last quarter, or is not the beginning of a well-formed document.
    package static func partial(_ array: [UInt8], name: String, detecting: Bool, mapping: FieldMapping) -> LazyJSONDocument? {
        let bytes = SourceBytes(array)
        if detecting {
            let race = ScanRace()
            _ = JSONTreeIndex.scan(bytes, childrenField: mapping.children, idFields: mapping.id, treesOnly: true, race: race)
            if race.treeFound { return nil }
        }
        guard let (index, open) = bytes.withUnsafeBufferPointer({ prefixIndex($0) }) else { return nil }
        return LazyJSONDocument(bytes: bytes, index: index, open: open, name: name)
    }

    /// What a malformed document holds before the place it breaks (`bytes`, up to there): its members up to the
    /// last comma between two of them, the containers open there closed with them; nil when none.
    package static func salvaged(_ bytes: SourceBytes, name: String) -> LazyJSONDocument? {
        let found = bytes.withUnsafeBufferPointer { buffer -> (JSONDocumentIndex, open: Set<Int32>)? in
            // The scan stops at the first comma between members from where it is told: the last commas first (one
            // inside a string is passed over), then further back.
            var commas: [Int] = []
            var place = buffer.count - 1
            while place >= max(0, buffer.count - (64 << 10)), commas.count < 8 {
                if buffer[place] == UInt8(ascii: ",") { commas.append(place) }
                place -= 1
            }
            for stop in commas + [buffer.count / 4 * 3, 0] {
                if let found = prefixIndex(buffer, stopAt: stop) { return found }
            }
            return nil
        }
        guard let (index, _) = found else { return nil }
        return LazyJSONDocument(bytes: bytes, index: index, name: name)
    }

    /// The index of a document's beginning, up to the first comma between two members in its last quarter, and
    /// the containers open there, closed with the members before it.
    static func prefixIndex(_ bytes: UnsafeBufferPointer<UInt8>, stopAt: Int? = nil) -> (JSONDocumentIndex, open: Set<Int32>)? {
        var index = JSONDocumentIndex(inputSize: bytes.count, expectedContainers: bytes.count / 128)
        guard case .open(let frames, let comma)? = JSONDocumentScanner.scanHead(bytes, stopAt: stopAt ?? bytes.count / 4 * 3, into: &index)
        else { return nil }
        for frame in frames { index.close(frame.container, at: comma, members: frame.members) }
        return (index, Set(frames.map(\.container)))
    }
}
