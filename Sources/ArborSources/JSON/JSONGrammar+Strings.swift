#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension JSONGrammar {
    /// Whether two runs of bytes are the same, compared by `memcmp`.
    @inline(__always)
    static func sameBytes(_ first: UnsafeBufferPointer<UInt8>, _ second: UnsafeBufferPointer<UInt8>) -> Bool {
        first.count == second.count && (first.isEmpty || memcmp(first.baseAddress!, second.baseAddress!, first.count) == 0)
    }

    /// Whether a string (with its quotes, known to be well-formed) reads as `wanted`: compared as bytes, decoded
    /// only when it holds an escape.
    static func string(_ quoted: Slice<UnsafeBufferPointer<UInt8>>, equals wanted: UnsafeBufferPointer<UInt8>) -> Bool {
        let inner = UnsafeBufferPointer(rebasing: quoted.dropFirst().dropLast())
        if sameBytes(inner, wanted) { return true }
        guard inner.contains(UInt8(ascii: "\\")) else { return false }
        let decoded = (try? JSONDocument.parse(Array(quoted)))?.nodes[0].text ?? ""
        return decoded.utf8.elementsEqual(wanted)
    }
}
