import ArborCore

extension LazyJSONTree {
    /// A find of titles reads each child's title straight from its bytes (the first of the mapping's title
    /// fields holding a plain string), decoding the whole item only when that is not enough.
    public func searchEntries(ofChildrenOf id: String, in range: Range<Int>?, fields: SearchFields) async throws -> [SearchEntry] {
        guard fields == .title else { return fields.entries(of: try await children(of: id, in: range ?? 0..<Int.max)) }
        let all = index.children(of: try item(for: id))
        let clamped = (range ?? 0..<all.count).clamped(to: 0..<all.count)
        let titleKeys = mapping.title.map { Array($0.utf8) }
        // A path id is the parent's with the child's position after it.
        let prefix = explicitIDs == nil ? (id.isEmpty ? "" : id + "/") : nil
        let children = all[(all.startIndex + clamped.lowerBound)..<(all.startIndex + clamped.upperBound)]
        return bytes.withUnsafeBufferPointer { buffer in
            // A walk passes over the whole file: what it brings into memory is told, so that its pages are given back.
            if let first = children.first, let last = children.last, let base = buffer.baseAddress {
                MappedPages.read(items: children.count, over: index.start(of: first)..<(index.start(of: last) + 1), from: base)
            }
            return zip(clamped, children).map { position, child in
                let count = index.children(of: child).count
                let title = plainTitle(of: child, keys: titleKeys, in: buffer) ?? content(of: child).title
                let childID = count == 0 ? "" : prefix.map { $0 + String(position) } ?? self.id(of: child)
                return SearchEntry(id: childID, text: fields.text(title: title, id: ""), childCount: count)
            }
        }
    }

    /// The title of an object whose first non-empty title field (in the mapping's order) is a string without
    /// escapes; nil when it has none or the string needs decoding.
    private func plainTitle(of item: Int32, keys: [[UInt8]], in bytes: UnsafeBufferPointer<UInt8>) -> String? {
        var position = index.start(of: item)
        guard bytes[position] == UInt8(ascii: "{") else { return nil }
        let known = index.childrenRange(of: item)
        var best: (rank: Int, value: Range<Int>)?
        var seen = 0
        position += 1
        while true {
            JSONGrammar.skipSpace(bytes, &position)
            guard bytes[position] == UInt8(ascii: "\"") else { break }
            let keyEnd = JSONValueSkipper.end(of: position, in: bytes)
            let key = UnsafeBufferPointer(rebasing: bytes[(position + 1)..<(keyEnd - 1)])
            let rank = keys.firstIndex { $0.elementsEqual(key) }
            position = keyEnd
            JSONGrammar.skipSpace(bytes, &position)
            position += 1
            JSONGrammar.skipSpace(bytes, &position)
            let valueEnd = known?.lowerBound == position ? known!.upperBound : JSONValueSkipper.end(of: position, in: bytes)
            if let rank, seen & (1 << rank) == 0 {
                seen |= 1 << rank
                // A value that is not a plain string could still give the title: the slow path decides.
                guard bytes[position] == UInt8(ascii: "\""), !bytes[position..<valueEnd].contains(UInt8(ascii: "\\")) else { return nil }
                if valueEnd - position > 2, best.map({ rank < $0.rank }) ?? true { best = (rank, (position + 1)..<(valueEnd - 1)) }
                if best?.rank == 0 { break }
            }
            position = valueEnd
            JSONGrammar.skipSpace(bytes, &position)
            guard bytes[position] == UInt8(ascii: ",") else { break }
            position += 1
        }
        guard let best else { return nil }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[best.value]), as: UTF8.self)
    }
}
