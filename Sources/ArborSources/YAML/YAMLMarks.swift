import ArborPath

/// YAML's anchors, tags, aliases and comments in a file written as JSON text (``YAMLTranscoder``), each by the
/// offset in that text of the value it belongs to, for the browser to show as it shows a file read whole.
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

    private var offsets: [Int] = []
    private var marks: [Mark] = []
    /// Where the copies aliases stand for are in the JSON text, in order; one never holds another.
    private var copies: [Range<Int>] = []

    /// Whether no value has a mark.
    var isEmpty: Bool { offsets.isEmpty }

    /// Whether some value is an alias.
    var hasAliases: Bool { !copies.isEmpty }

    /// Whether the marks were added in the order of their offsets; ``sort()`` puts them in it.
    private var isSorted = true

    /// Adds the mark of the value at `offset`; its number.
    @discardableResult
    mutating func add(_ mark: Mark, at offset: Int) -> Int {
        if let last = offsets.last, last > offset { isSorted = false }
        offsets.append(offset)
        marks.append(mark)
        return marks.count - 1
    }

    /// Adds a collection's comment, known at its end: to the mark numbered `index` added at its start, else as a
    /// mark of its own (past the marks of its members).
    mutating func add(comment: String, to index: Int?, at offset: Int) {
        if let index { marks[index].comment = comment } else { add(Mark(comment: comment), at: offset) }
    }

    /// Puts the marks in the order of their offsets, for looking them up; each offset has one mark.
    mutating func sort() {
        guard !isSorted else { return }
        let order = offsets.indices.sorted { offsets[$0] < offsets[$1] }
        (offsets, marks) = (order.map { offsets[$0] }, order.map { marks[$0] })
        isSorted = true
    }

    /// Adds an alias's mark, at the copy of its anchor's value written for it.
    mutating func add(_ alias: Mark, copying copy: Range<Int>) {
        add(alias, at: copy.lowerBound)
        copies.append(copy)
    }

    /// The mark of the value at `offset`, if it has one.
    subscript(offset: Int) -> Mark? {
        let found = Self.first(in: offsets, notBelow: offset)
        return found < offsets.count && offsets[found] == offset ? marks[found] : nil
    }

    /// The alias written at `offset`, if the value there is one.
    func alias(at offset: Int) -> String? {
        isEmpty ? nil : self[offset]?.alias
    }

    /// Whether the value at `offset` is inside the copy an alias stands for (not the copy itself).
    func isInsideCopy(_ offset: Int) -> Bool {
        var (low, high) = (0, copies.count)
        while low < high {
            let middle = (low + high) / 2
            if copies[middle].lowerBound < offset { low = middle + 1 } else { high = middle }
        }
        return low > 0 && copies[low - 1].contains(offset)
    }

    private static func first(in offsets: [Int], notBelow offset: Int) -> Int {
        var (low, high) = (0, offsets.count)
        while low < high {
            let middle = (low + high) / 2
            if offsets[middle] < offset { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
