#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ArborCore

/// The most memory one input may take, what is read of it and what is built from it (`--max-input`): a stream
/// (stdin, a FIFO, a command's output) is read to two thirds of it and shown as far as it was read; a file that
/// would need more is refused before it is read.
package struct InputCeiling: Sendable, Hashable {
    /// The ceiling in bytes.
    package var bytes: Int

    /// A ceiling of `bytes`.
    package init(bytes: Int) {
        self.bytes = bytes
    }

    /// Half the machine's memory (at least 256 MB): what can be given to one input without the system
    /// running short.
    package static var machineDefault: InputCeiling {
        let pages = Int(sysconf(Int32(_SC_PHYS_PAGES)))
        let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))
        let memory = pages > 0 && pageSize > 0 ? pages * pageSize : 8 << 30
        return InputCeiling(bytes: max(256 << 20, memory / 2))
    }

    /// How many bytes of a stream are read: the rest of the ceiling is left for what is built from them.
    package var streamShare: Int { bytes / 3 * 2 }

    /// Why a file of `size` bytes is not read, or nil when it fits: browsing takes up to 1.5× a file.
    func refusal(ofFileSized size: Int, origin: String) -> SourceLoadError? {
        guard size > streamShare else { return nil }
        return SourceLoadError("\(origin): \(ByteSize.text(size)) needs about \(ByteSize.text(size / 2 * 3)) of memory to browse, "
            + "more than the ceiling of \(ByteSize.text(bytes)) (--max-input SIZE changes it)")
    }

    /// What is said of a stream cut at the ceiling.
    func cutNotice(origin: String) -> String {
        "\(origin): stopped reading at \(ByteSize.text(streamShare)), two thirds of the memory ceiling of \(ByteSize.text(bytes)) "
            + "(--max-input SIZE changes it); the rest was not read"
    }
}
