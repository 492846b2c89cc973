import ArborCore

/// The id of an item inside a file of a directory tree: the file's path, `#`, then the item's id in the file's own
/// source (a JSON pointer such as `/spec/replicas`, a row's key). The file itself keeps its path; the top of what
/// it holds is the file.
///
/// Read back by finding the file: the whole id is first looked for on disk (a name may hold a `#`), then each
/// `#` from the left ends a candidate path, the first one naming a file that opens as a document.
struct NestedID: Sendable, Hashable {
    /// The file's path.
    let file: String
    /// The item's id in the file's source.
    let inner: String

    /// The id of `inner` in `file`.
    static func join(file: String, inner: String) -> String {
        file + "#" + inner
    }

    /// The file and the inner id that `id` names, or nil when it names an entry of the tree itself.
    static func split(_ id: String, isDocument: (String) -> Bool) -> NestedID? {
        let bytes = Array(id.utf8)
        guard bytes.contains(UInt8(ascii: "#")), !SourceFile.exists(id) else { return nil }
        for (index, byte) in bytes.enumerated() where byte == UInt8(ascii: "#") {
            let file = String(decoding: bytes[..<index], as: UTF8.self)
            guard isDocument(file) else { continue }
            return NestedID(file: file, inner: String(decoding: bytes[(index + 1)...], as: UTF8.self))
        }
        return nil
    }
}
