extension JSONGrammar {
    /// Whether a string (with its quotes, known to be well-formed) reads as `wanted`: compared as bytes, decoded
    /// only when it holds an escape.
    static func string(_ quoted: Slice<UnsafeBufferPointer<UInt8>>, equals wanted: UnsafeBufferPointer<UInt8>) -> Bool {
        let inner = quoted.dropFirst().dropLast()
        if inner.count == wanted.count, inner.elementsEqual(wanted) { return true }
        guard inner.contains(UInt8(ascii: "\\")) else { return false }
        let decoded = (try? JSONDocument.parse(Array(quoted)))?.nodes[0].text ?? ""
        return decoded.utf8.elementsEqual(wanted)
    }
}
