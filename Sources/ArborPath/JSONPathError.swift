/// A malformed expression or value: what is wrong and where (a character offset and a column counted from 1).
public struct JSONPathError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong.
    public var message: String
    /// Where, in characters (Unicode scalars) from the start of the text.
    public var offset: Int

    /// Creates an error at a character offset.
    public init(_ message: String, offset: Int) {
        self.message = message
        self.offset = offset
    }

    /// Creates an error at a byte offset of UTF-8 text, counted back to characters.
    init(_ message: String, offset byteOffset: Int, in bytes: [UInt8]) {
        let end = min(byteOffset, bytes.count)
        self.init(message, offset: bytes[..<end].reduce(0) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) })
    }

    /// The column the error is at, counted from 1.
    public var column: Int { offset + 1 }

    /// The text for messages: the message and its column.
    public var description: String { "\(message) at column \(column)" }
}
