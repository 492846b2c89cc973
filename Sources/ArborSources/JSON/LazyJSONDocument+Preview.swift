import ArborCore

/// The preview reads a value no further than the pane shows of it: moving onto a string of megabytes decodes its
/// first part, not the whole string.
extension LazyJSONDocument: PreviewingItems, PreviewReading {
    package func preview(of id: String, lines: Int) async throws -> ItemPreview {
        try await DocumentPreview(reader: self, limit: lines).preview(of: id)
    }

    /// A scalar's text, whole when its bytes are no more than `valueBytes`; past them, the text of its first
    /// `valueBytes` bytes and a few more, so that it reads longer than `valueBytes` (a cut value tells itself).
    func cut(_ range: Range<Int>, valueBytes: Int) -> String {
        guard range.count > valueBytes else { return text(of: range) }
        guard bytes[range.lowerBound] == UInt8(ascii: "\"") else {
            return String(decoding: bytes[range.prefix(valueBytes + 1)], as: UTF8.self)
        }
        // Escapes shrink as they are decoded: the text of more than `valueBytes` bytes may still be whole.
        return bytes.withUnsafeBufferPointer {
            JSONStringDecoder.text($0, from: range.lowerBound + 1, to: range.upperBound - 1, limit: valueBytes + 16)
        }
    }
}
