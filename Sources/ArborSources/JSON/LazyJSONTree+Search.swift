import ArborCore

extension LazyJSONTree {
    /// A find of titles reads each child's title straight from its bytes (the first of the mapping's title
    /// fields holding a plain string), decoding the whole item only when that is not enough.
    public func searchEntries(ofChildrenOf id: String, in range: Range<Int>?, fields: SearchFields) async throws -> [SearchEntry] {
        guard fields == .title else { return fields.entries(of: try await children(of: id, in: range ?? 0..<Int.max)) }
        let all = index.children(of: try item(for: id))
        let clamped = (range ?? 0..<all.count).clamped(to: 0..<all.count)
        let titleKeys = mapping.title.map { Array($0.utf8) }
        return all[(all.startIndex + clamped.lowerBound)..<(all.startIndex + clamped.upperBound)].map { child in
            let count = index.children(of: child).count
            let title = plainTitle(of: child, keys: titleKeys) ?? content(of: child).title
            return SearchEntry(id: count > 0 ? self.id(of: child) : "", text: fields.text(title: title, id: ""), childCount: count)
        }
    }

    /// The title of an object whose first non-empty title field (in the mapping's order) is a string without
    /// escapes; nil when it has none or the string needs decoding.
    private func plainTitle(of item: Int32, keys: [[UInt8]]) -> String? {
        var position = index.start(of: item)
        guard bytes[position] == UInt8(ascii: "{") else { return nil }
        let known = index.childrenRange(of: item)
        var best: (rank: Int, value: Range<Int>)?
        var seen = 0
        position += 1
        while true {
            skipSpace(&position)
            guard bytes[position] == UInt8(ascii: "\"") else { break }
            let keyEnd = JSONValueSkipper.end(of: position, in: bytes)
            let key = bytes[(position + 1)..<(keyEnd - 1)]
            let rank = keys.firstIndex { $0.elementsEqual(key) }
            position = keyEnd
            skipSpace(&position)
            position += 1
            skipSpace(&position)
            let valueEnd = JSONValueSkipper.end(of: position, in: bytes, unless: known)
            if let rank, seen & (1 << rank) == 0 {
                seen |= 1 << rank
                // A value that is not a plain string could still give the title: the slow path decides.
                guard bytes[position] == UInt8(ascii: "\""), !bytes[position..<valueEnd].contains(UInt8(ascii: "\\")) else { return nil }
                if valueEnd - position > 2, best.map({ rank < $0.rank }) ?? true { best = (rank, (position + 1)..<(valueEnd - 1)) }
                if best?.rank == 0 { break }
            }
            position = valueEnd
            skipSpace(&position)
            guard bytes[position] == UInt8(ascii: ",") else { break }
            position += 1
        }
        guard let best else { return nil }
        return String(decoding: bytes[best.value], as: UTF8.self)
    }

    private func skipSpace(_ position: inout Int) {
        while bytes[position] == 0x20 || bytes[position] == 0x0A || bytes[position] == 0x0D || bytes[position] == 0x09 { position += 1 }
    }
}
