/// A path of titles written as text: titles joined by `/`, a `/` inside a title written `\/` and a `\` written
/// `\\`, so that the text names the same items when it is read back (`:`, `--select`, a picker's output).
package enum TitlePath {
    /// The titles, top first, as one text.
    package static func text(_ titles: [String]) -> String {
        titles.map(escaped).joined(separator: "/")
    }

    /// One title as it is written in a path.
    package static func escaped(_ title: String) -> String {
        guard title.contains("/") || title.contains("\\") else { return title }
        var written = ""
        for character in title {
            if character == "/" || character == "\\" { written.append("\\") }
            written.append(character)
        }
        return written
    }

    /// The titles a text names, split at each `/` that is not escaped; empty titles are left out.
    package static func titles(_ text: String) -> [String] {
        var titles: [String] = []
        var current = ""
        var escaping = false
        for character in text {
            if escaping {
                current.append(character)
                escaping = false
            } else if character == "\\" {
                escaping = true
            } else if character == "/" {
                if !current.isEmpty { titles.append(current) }
                current = ""
            } else {
                current.append(character)
            }
        }
        if escaping { current.append("\\") }
        if !current.isEmpty { titles.append(current) }
        return titles
    }
}
