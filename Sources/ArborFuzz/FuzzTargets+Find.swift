import ArborCore

extension FuzzTargets {
    /// A find's corpus texts made from the input (its pieces between zero bytes, again and again, and the whole
    /// input repeated past 255 bytes), packed in compressed chunks and as they are: every text reads back as it
    /// was, alone, in a stretch starting and ending anywhere, and picked out together.
    static func find(_ bytes: [UInt8]) {
        let pieces = bytes.split(separator: 0, omittingEmptySubsequences: false).map(Array.init)
        let long = Array(repeating: bytes, count: 300 / max(1, bytes.count) + 1).flatMap { $0 }
        var texts: [[UInt8]] = []
        var total = 0
        while total < 80_000, texts.count < 20_000 {
            let text = texts.count % 101 == 100 ? long : pieces[texts.count % pieces.count] + [UInt8(texts.count % 251)]
            texts.append(text)
            total += text.count
        }
        var builder = SearchTexts()
        for text in texts { text.withUnsafeBufferPointer { builder.append($0) } }
        for compressing in [true, false] {
            check(PackedSearchTexts(builder, compressing: compressing), holds: texts, cuts: bytes)
        }
    }

    private static func check(_ packed: PackedSearchTexts, holds texts: [[UInt8]], cuts: [UInt8]) {
        if packed.count != texts.count { fatalError("\(packed.count) texts packed, not \(texts.count)") }
        for entry in texts.indices where packed.textLength(at: entry) != texts[entry].count {
            fatalError("entry \(entry)'s length differs")
        }
        // About 200 texts alone and 70 picked out: each reads its chunk whole.
        let step = texts.count / 200 + 1 + (cuts.first.map(Int.init) ?? 0) % 97
        for entry in stride(from: 0, to: texts.count, by: step) where packed.withText(at: entry, Array.init) != texts[entry] {
            fatalError("entry \(entry) reads back differently")
        }
        let first = (cuts.last.map(Int.init) ?? 0) * 37 % texts.count
        let end = min(texts.count, first + 1 + cuts.count * 13)
        var next = first
        packed.forEachText(from: first, to: end) { entry, text in
            if entry != next || Array(text) != texts[entry] { fatalError("entry \(entry) of a stretch differs") }
            next += 1
        }
        if next != end { fatalError("a stretch stopped at \(next), not \(end)") }
        let picked = Array(stride(from: first % step, to: texts.count, by: step * 3))
        var seen: [Int] = []
        packed.forEachText(at: picked) { entry, text in
            if Array(text) != texts[entry] { fatalError("entry \(entry) picked out differs") }
            seen.append(entry)
        }
        if seen != picked { fatalError("the entries picked out are not those asked for") }
    }
}
