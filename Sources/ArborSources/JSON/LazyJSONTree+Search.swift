import CJSONScan
import ArborCore

extension LazyJSONTree {
    /// A find of titles reads each child's title straight from its bytes (the first of the mapping's title
    /// fields holding a plain string), decoding the whole item only when that is not enough.
    package func searchEntries(ofChildrenOf id: String, in range: Range<Int>?, fields: SearchFields) async throws -> [SearchEntry] {
        var page = SearchPage()
        try await searchPage(ofChildrenOf: id, in: range, fields: fields, into: &page)
        return page.entries
    }

    /// As ``searchEntries(ofChildrenOf:in:fields:)``, the titles copied from the bytes into the page.
    package func searchPage(ofChildrenOf id: String, in range: Range<Int>?, fields: SearchFields, into page: inout SearchPage) async throws {
        guard fields == .title else {
            return page.append(contentsOf: fields.entries(of: try await children(of: id, in: range ?? 0..<Int.max)))
        }
        let all = index.children(of: try item(for: id))
        let clamped = (range ?? 0..<all.count).clamped(to: 0..<all.count)
        // A path id is the parent's with the child's position after it.
        let prefix = explicitIDs == nil ? (id.isEmpty ? "" : id + "/") : nil
        let children = all[(all.startIndex + clamped.lowerBound)..<(all.startIndex + clamped.upperBound)]
        page.reserveCapacity(page.count + children.count)
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress, let first = children.first, let last = children.last else { return }
            // A walk passes over the whole file: what it brings into memory is told, so that its pages are given back.
            MappedPages.read(items: children.count, over: index.start(of: first)..<(index.start(of: last) + 1), from: base)
            for (offset, (position, child)) in zip(clamped, children).enumerated() {
                // The items lie apart in the file: the next ones are asked for while this one is read.
                if offset + 8 < children.count { arbor_json_prefetch(base + index.start(of: children[children.startIndex + offset + 8])) }
                let count = index.children(of: child).count
                let childID = count == 0 ? "" : prefix.map { $0 + String(position) } ?? self.id(of: child)
                if let title = plainTitle(of: child, in: buffer) {
                    page.append(title: UnsafeBufferPointer(rebasing: buffer[title]), id: childID, childCount: count)
                } else {
                    page.append(title: content(of: child).title, id: childID, childCount: count)
                }
            }
        }
    }

    /// The title of an object whose first non-empty title field (in the mapping's order) is a string without
    /// escapes, as a range of the bytes; nil when it has none or the string needs decoding.
    private func plainTitle(of item: Int32, in bytes: UnsafeBufferPointer<UInt8>) -> Range<Int>? {
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
            let rank = titleKeys.firstIndex { $0.elementsEqual(key) }
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
        return best?.value
    }
}
