/// The searched texts of the block a walk is filling, one after another, with their lengths.
package struct SearchTexts: Sendable {
    private(set) var bytes: [UInt8] = []
    private(set) var lengths = TextLengths()

    /// The number of entries.
    package var count: Int { lengths.count }

    /// No entries.
    package init() {}

    /// Adds an entry with `text`.
    package mutating func append(_ text: UnsafeBufferPointer<UInt8>) {
        bytes.append(contentsOf: text)
        lengths.append(text.count)
    }
}

extension Array {
    /// A copy with no room beyond its elements.
    func trimmed() -> [Element] {
        [Element](unsafeUninitializedCapacity: count) { buffer, count in
            count = buffer.initialize(fromContentsOf: self)
        }
    }
}
