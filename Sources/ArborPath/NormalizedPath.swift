/// A node's normalized path (RFC 9535 §2.7): `$['store']['book'][0]`.
public enum NormalizedPath {
    /// The path of the node reached by `keys` from the root.
    public static func text(_ keys: [PathKey]) -> String {
        var text = "$"
        for key in keys {
            switch key {
            case .index(let index): text += "[\(index)]"
            case .name(let name):
                text += "['"
                for scalar in name.unicodeScalars {
                    switch scalar {
                    case "\u{8}": text += "\\b"
                    case "\u{C}": text += "\\f"
                    case "\n": text += "\\n"
                    case "\r": text += "\\r"
                    case "\t": text += "\\t"
                    case "'": text += "\\'"
                    case "\\": text += "\\\\"
                    case _ where scalar.value < 0x20: text += JSONPathValue.unicodeEscape(scalar)
                    default: text.unicodeScalars.append(scalar)
                    }
                }
                text += "']"
            }
        }
        return text
    }
}
