/// The first MiB of a text: what a find matches of a field, and what a container's fields hold of a member's
/// value, so that a value of megabytes (a file or a blob held in a string) is held whole once, by its own item.
package enum LongText {
    /// The most bytes kept.
    package static let limit = 1 << 20

    /// `text` cut to ``limit`` bytes, before the character the limit falls in.
    package static func prefix(_ text: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        guard text.count > limit else { return text }
        var end = limit
        while end > 0, text[end] & 0xC0 == 0x80 { end -= 1 }
        return UnsafeBufferPointer(rebasing: text[..<end])
    }

    /// `text` cut past what a line of `cells` cells shows of it (twice as many characters and a few more: a
    /// character takes one or two cells, with its marks), so that a text of megabytes is not copied to be drawn or
    /// measured.
    package static func prefix(_ text: String, cells: Int) -> String {
        prefix(Substring(text), cells: cells)
    }

    /// A part of a text cut as ``prefix(_:cells:)`` cuts a text.
    package static func prefix(_ text: Substring, cells: Int) -> String {
        let room = max(0, cells) * 2 + 16
        guard text.utf8.count > room else { return String(text) }
        return String(text.prefix(room))
    }

    /// `text` cut to ``limit`` bytes, before the character the limit falls in.
    package static func prefix(_ text: String) -> String {
        guard text.utf8.count > limit else { return text }
        return String(prefix(text, bytes: limit))
    }

    /// `text` cut to `bytes` bytes, before the character the cut falls in.
    package static func prefix(_ text: String, bytes: Int) -> Substring {
        guard text.utf8.count > bytes else { return Substring(text) }
        var end = text.utf8.index(text.utf8.startIndex, offsetBy: bytes)
        while end > text.startIndex, text.utf8[end] & 0xC0 == 0x80 { end = text.utf8.index(before: end) }
        return text[..<end]
    }
}
