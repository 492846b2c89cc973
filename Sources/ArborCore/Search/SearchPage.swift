/// What a find records of a page of children, in one buffer: each entry's searched text, child count and id
/// (empty for an entry without children), so that a source reading texts from bytes makes no string an entry.
public struct SearchPage: Sendable, Hashable {
    private var bytes: [UInt8] = []
    private var ends: [Int32] = []
    private var counts: [Int32] = []
    private var ids: [String] = []

    /// An empty page.
    public init() {}

    /// A page of entries made one by one.
    public init(_ entries: [SearchEntry]) {
        append(contentsOf: entries)
    }

    /// Adds entries made one by one.
    public mutating func append(contentsOf entries: [SearchEntry]) {
        reserveCapacity(count + entries.count)
        for entry in entries { append(entry) }
    }

    /// Adds an entry made whole (by ``SearchFields/text(of:)``, which keeps each field's first MiB).
    public mutating func append(_ entry: SearchEntry) {
        var text = entry.text
        text.withUTF8 { bytes.append(contentsOf: $0) }
        close(id: entry.id, childCount: entry.childCount)
    }

    /// Empties the page, keeping its room for the next.
    public mutating func removeAll() {
        bytes.removeAll(keepingCapacity: true)
        ends.removeAll(keepingCapacity: true)
        counts.removeAll(keepingCapacity: true)
        ids.removeAll(keepingCapacity: true)
    }

    /// The number of entries.
    public var count: Int { ends.count }

    /// Whether the page has no entries.
    public var isEmpty: Bool { ends.isEmpty }

    /// Makes room for `count` entries.
    public mutating func reserveCapacity(_ count: Int) {
        ends.reserveCapacity(count)
        counts.reserveCapacity(count)
        ids.reserveCapacity(count)
    }

    /// Adds an entry whose searched text is a title alone, given by its bytes (a unit separator in it, which
    /// joins fields, reads as a space).
    public mutating func append(title: UnsafeBufferPointer<UInt8>, id: String, childCount: Int?) {
        appendTitle(title)
        close(id: id, childCount: childCount)
    }

    /// Adds an entry whose searched text is a title and a body, joined as ``SearchFields/text(title:id:subtitle:body:)``
    /// joins them.
    public mutating func append(title: UnsafeBufferPointer<UInt8>, body: UnsafeBufferPointer<UInt8>, id: String, childCount: Int?) {
        appendTitle(title)
        bytes.append(0x1F)
        bytes.append(contentsOf: LongText.prefix(body))
        close(id: id, childCount: childCount)
    }

    private mutating func appendTitle(_ title: UnsafeBufferPointer<UInt8>) {
        let start = bytes.count
        let title = LongText.prefix(title)
        bytes.append(contentsOf: title)
        if title.contains(0x1F) {
            for offset in start..<bytes.count where bytes[offset] == 0x1F { bytes[offset] = UInt8(ascii: " ") }
        }
    }

    /// Ends the entry whose text was just added.
    private mutating func close(id: String, childCount: Int?) {
        ends.append(Int32(bytes.count))
        counts.append(childCount.map { Int32(clamping: $0) } ?? -1)
        ids.append(id)
    }

    /// Adds an entry whose searched text is a title alone.
    public mutating func append(title: String, id: String, childCount: Int?) {
        var title = title
        title.withUTF8 { append(title: $0, id: id, childCount: childCount) }
    }

    /// The entry at `index`.
    public subscript(index: Int) -> SearchEntry {
        let text = withText(at: index) { String(decoding: $0, as: UTF8.self) }
        return SearchEntry(id: ids[index], text: text, childCount: childCount(at: index))
    }

    /// The entries, one by one.
    public var entries: [SearchEntry] { (0..<count).map { self[$0] } }

    /// The child count of the entry at `index`, or nil when not known.
    public func childCount(at index: Int) -> Int? { counts[index] < 0 ? nil : Int(counts[index]) }

    /// The id of the entry at `index`.
    public func id(at index: Int) -> String { ids[index] }

    /// Calls `body` with the bytes of the searched text of the entry at `index`.
    public func withText<Result>(at index: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        let start = index == 0 ? 0 : Int(ends[index - 1])
        return bytes.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[start..<Int(ends[index])])) }
    }
}
