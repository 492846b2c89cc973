import ArborCore

/// What the placeholders of a command stand for, for the focused item.
package struct PlaceholderValues: Sendable, Hashable {
    /// `{}` and `{id}`: the item's id.
    package var id = ""
    /// `{title}`.
    package var title = ""
    /// `{parent}`: the parent's id.
    package var parent = ""
    /// `{depth}`: 0 for the items of the first column.
    package var depth = 0
    /// `{q}`: the query typed (filter or find), or the last search.
    package var query = ""
    /// `{+}`: the marked items' ids, or the focused item's when none is marked.
    package var marked: [String] = []
    /// `{path}`: a path list's line, a file's path, or the titles from the top joined by `/`.
    package var path = ""
    /// `{file}`: the file holding the item.
    package var file = ""
    /// `{line}`: the item's line in it, from 1.
    package var line = 1

    /// Creates values.
    package init() {}

    /// The placeholders that need the source asked where the item is.
    package static let located: Set<String> = ["path", "file", "line"]

    /// Whether a command uses a placeholder that needs the source asked where the item is.
    package static func needsLocation(_ template: String) -> Bool {
        located.contains { template.contains("{" + $0 + "}") }
    }
}

/// Commands made from templates: each placeholder replaced by its value quoted for `/bin/sh`, so that a file
/// named `$(touch x)` or `'; rm -rf ~ #` is one literal argument. Braces that are not a placeholder (awk's
/// `{print $1}`) are left as they are.
package enum Placeholders {
    /// The names Arbor replaces.
    package static let names = ["", "id", "path", "title", "parent", "depth", "file", "line", "q", "+"]

    /// The command's bytes, ids and paths given back as the exact bytes they stand for.
    package static func expand(_ template: String, with values: PlaceholderValues) -> [UInt8] {
        var result: [UInt8] = []
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{") {
            result += Array(rest[..<open].utf8)
            let after = rest[rest.index(after: open)...]
            guard let close = after.firstIndex(of: "}"), let value = value(of: String(after[..<close]), in: values) else {
                result.append(UInt8(ascii: "{"))
                rest = after
                continue
            }
            result += value
            rest = after[after.index(after: close)...]
        }
        return result + Array(rest.utf8)
    }

    private static func value(of name: String, in values: PlaceholderValues) -> [UInt8]? {
        switch name {
        case "", "id": return quote(values.id)
        case "path": return quote(values.path)
        case "title": return quote(values.title)
        case "parent": return quote(values.parent)
        case "depth": return Array(String(values.depth).utf8)
        case "file": return quote(values.file)
        case "line": return Array(String(values.line).utf8)
        case "q": return quote(values.query)
        case "+": return Array((values.marked.isEmpty ? [values.id] : values.marked).map { quote($0) }.joined(separator: [0x20]))
        default: return nil
        }
    }

    /// Text as one word for `/bin/sh`: in single quotes, each quote written `'\''`; the bytes it stands for
    /// (``LosslessText``), a NUL (which no argument can hold) as `?`.
    package static func quote(_ text: String) -> [UInt8] {
        var result: [UInt8] = [0x27]
        for byte in LosslessText.encode(text) {
            switch byte {
            case 0x27: result += [0x27, 0x5C, 0x27, 0x27]
            case 0: result.append(UInt8(ascii: "?"))
            default: result.append(byte)
            }
        }
        result.append(0x27)
        return result
    }
}
