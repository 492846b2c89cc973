#if canImport(Glibc)
import Glibc
#endif

/// Where the flow collections the block reader wrote on one line start and end in its JSON text, in pairs, in
/// order: the reader's own buffer, held as it wrote it (a list with one in each of 200,000 entries holds 3.2 MB
/// of them, which a copy would hold twice while it is made).
final class YAMLFlowOffsets: @unchecked Sendable {
    private let offsets: UnsafePointer<Int64>?
    /// The offsets held: twice the collections.
    let count: Int

    /// Takes `offsets` (`malloc`ed), freed with this.
    init(taking offsets: UnsafePointer<Int64>?, count: Int) {
        self.offsets = offsets
        self.count = offsets == nil ? 0 : count
    }

    deinit { free(UnsafeMutableRawPointer(mutating: offsets)) }

    subscript(position: Int) -> Int { Int(offsets![position]) }
}
