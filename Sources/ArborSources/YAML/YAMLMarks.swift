import ArborPath

/// YAML's anchors, tags, aliases and comments in a file written as JSON text (``YAMLTranscoder``), each by the
/// offset in that text of the value it belongs to, for the browser to show as it shows a file read whole. A value's
/// marks take 24 bytes: the texts of anchors, tags and aliases are kept once each, as is the path an alias links to.
/// The block reader's are read where it wrote them (``YAMLReadMarks``).
struct YAMLMarks: Sendable {
    /// What YAML writes at one value beside the value.
    struct Mark: Sendable, Equatable {
        /// The anchor the value is marked with, without its `&`.
        var anchor: String?
        /// The tag as written, YAML's own in their short form (`!!str`).
        var tag: String?
        /// For an alias, its text (`*base`); the JSON text holds a copy of the anchored value there.
        var alias: String?
        /// For an alias, the path of the value its anchor marked.
        var linkPath: [PathKey]?
        /// The comment lines just above the value and the comment ending its line.
        var comment: String?

        /// For an alias, the pointer of the value its anchor marked.
        var link: String? { linkPath.map(JSONDocumentMatch.pointer(of:)) }

        /// The note a value read whole would have: an alias's note refers to its anchor only by the link.
        var note: YAMLNote { YAMLNote(anchor: anchor, tag: tag, aliasOf: alias == nil ? -1 : 0, comment: comment) }
    }

    /// One value's marks, by where the value starts, each the number of its text (-1: none).
    private struct Entry {
        let offset: Int
        var anchor: Int32 = -1
        var tag: Int32 = -1
        var link: Int32 = -1
        var comment: Int32 = -1
    }

    private var entries: [Entry] = []
    /// The texts of anchors, tags and aliases, each once, and their numbers while the marks are added.
    private var texts: [String] = []
    private var numbers: [String: Int32] = [:]
    /// What each alias links to: its text's number and the anchored value's path.
    private var links: [(alias: Int32, path: [PathKey])] = []
    private var comments: [String] = []
    /// Where the copies aliases stand for are in the JSON text, in order (one never holds another), with their
    /// depth (the keys of an alias's path) and link.
    private var copies: [(range: Range<Int>, depth: Int32, link: Int32)] = []
    /// Whether the marks were added in the order of their offsets; ``finish()`` puts them in it.
    private var isSorted = true
    /// The block reader's marks, where these are its.
    private var read: YAMLReadMarks?

    /// No marks yet.
    init() {}

    /// The block reader's marks.
    init(read: YAMLReadMarks) { self.read = read }

    /// Whether no value has a mark.
    var isEmpty: Bool { read == nil && entries.isEmpty }

    /// Where the values with marks start, in order (after ``finish()``).
    var offsets: [Int] { read?.offsets ?? entries.map(\.offset) }

    /// Whether some value is an alias.
    var hasAliases: Bool { read?.hasAliases ?? !copies.isEmpty }

    /// Adds the anchor, tag and comment of the value at `offset`; the number of its marks.
    @discardableResult
    mutating func add(_ mark: Mark, at offset: Int) -> Int {
        append(Entry(offset: offset, anchor: number(of: mark.anchor) ?? -1, tag: number(of: mark.tag) ?? -1,
                     comment: number(ofComment: mark.comment) ?? -1))
    }

    /// The number of a link, for each alias to `alias` (with its `*`) to share: to the value at `path`.
    mutating func link(_ alias: String, to path: [PathKey]) -> Int32 {
        links.append((number(of: alias)!, path))
        return Int32(links.count - 1)
    }

    /// Adds an alias (its ``link(_:to:)``) at the copy of its anchor's value written for it, `depth` keys down.
    mutating func add(alias link: Int32, comment: String?, copying copy: Range<Int>, depth: Int) {
        append(Entry(offset: copy.lowerBound, link: link, comment: number(ofComment: comment) ?? -1))
        copies.append((copy, Int32(depth), link))
    }

    /// Adds a collection's comment, known at its end: to the marks numbered `index` added at its start, else as
    /// marks of its own (past the marks of its members).
    mutating func add(comment: String, to index: Int?, at offset: Int) {
        if let index { entries[index].comment = number(ofComment: comment)! } else { add(Mark(comment: comment), at: offset) }
    }

    /// Puts the marks in the order of their offsets, for looking them up; each offset has one entry.
    mutating func finish() {
        numbers = [:]
        guard !isSorted else { return }
        entries.sort { $0.offset < $1.offset }
        isSorted = true
    }

    /// The marks of the value at `offset`, if it has any.
    subscript(offset: Int) -> Mark? {
        if let read { return read.mark(at: offset) }
        var (low, high) = (0, entries.count)
        while low < high {
            let middle = (low + high) / 2
            if entries[middle].offset < offset { low = middle + 1 } else { high = middle }
        }
        guard low < entries.count, entries[low].offset == offset else { return nil }
        let entry = entries[low]
        let link = entry.link >= 0 ? links[Int(entry.link)] : nil
        return Mark(anchor: text(entry.anchor), tag: text(entry.tag), alias: link.flatMap { text($0.alias) }, linkPath: link?.path,
                    comment: entry.comment >= 0 ? comments[Int(entry.comment)] : nil)
    }

    /// The alias written at `offset`, if the value there is one.
    func alias(at offset: Int) -> String? {
        hasAliases ? self[offset]?.alias : nil
    }

    /// Whether the value at `offset` is inside the copy an alias stands for (not the copy itself).
    func isInsideCopy(_ offset: Int) -> Bool { copy(holding: offset) != nil }

    /// For a value inside the copy an alias stands for (not the copy itself), the alias's depth (the keys of its
    /// path) and the path of the value its anchor marked.
    func copy(holding offset: Int) -> (depth: Int, linkPath: [PathKey])? {
        if let read { return read.copy(holding: offset) }
        var (low, high) = (0, copies.count)
        while low < high {
            let middle = (low + high) / 2
            if copies[middle].range.lowerBound < offset { low = middle + 1 } else { high = middle }
        }
        guard low > 0, copies[low - 1].range.contains(offset) else { return nil }
        return (Int(copies[low - 1].depth), links[Int(copies[low - 1].link)].path)
    }

    @discardableResult
    private mutating func append(_ entry: Entry) -> Int {
        if let last = entries.last, last.offset > entry.offset { isSorted = false }
        entries.append(entry)
        return entries.count - 1
    }

    private mutating func number(of text: String?) -> Int32? {
        guard let text else { return nil }
        if let known = numbers[text] { return known }
        texts.append(text)
        numbers[text] = Int32(texts.count - 1)
        return Int32(texts.count - 1)
    }

    private mutating func number(ofComment comment: String?) -> Int32? {
        guard let comment else { return nil }
        comments.append(comment)
        return Int32(comments.count - 1)
    }

    private func text(_ number: Int32) -> String? {
        number >= 0 ? texts[Int(number)] : nil
    }
}
