import ArborCore

extension SearchPage {
    /// Adds an entry for a name given as bytes (a file's or a path's, shown as lossless text): the bytes as they
    /// are when they are plain ASCII, the name decoded otherwise.
    mutating func append(name: ArraySlice<UInt8>, id: String, childCount: Int?, fields: SearchFields) {
        if fields != .title {
            append(SearchEntry(id: id, text: fields.text(title: LosslessText.decode(name), id: id), childCount: childCount))
        } else if name.allSatisfy({ $0 < 0x80 }) {
            name.withUnsafeBufferPointer { append(title: $0, id: id, childCount: childCount) }
        } else {
            append(title: LosslessText.decode(name), id: id, childCount: childCount)
        }
    }
}
