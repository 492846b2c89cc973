/// Splits an option string such as `ARBOR_DEFAULT_OPTS` into words the way a shell would: spaces separate,
/// single and double quotes group, a backslash escapes the next character.
package enum ArgumentWords {
    /// The words of `text`; an unterminated quote is an error naming its column.
    package static func split(_ text: String, source: String) throws(ConfigError) -> [String] {
        var words: [String] = []
        var current = ""
        var inWord = false
        var quote: Character?
        var quoteColumn = 0
        var escaped = false
        for (offset, character) in text.enumerated() {
            if escaped {
                current.append(character)
                escaped = false
            } else if let open = quote {
                if character == open { quote = nil } else if character == "\\", open == "\"" { escaped = true } else { current.append(character) }
            } else if character == "'" || character == "\"" {
                quote = character
                quoteColumn = offset + 1
                inWord = true
            } else if character == "\\" {
                escaped = true
                inWord = true
            } else if character == " " || character == "\t" || character == "\n" {
                if inWord { words.append(current) }
                current = ""
                inWord = false
            } else {
                current.append(character)
                inWord = true
            }
        }
        if quote != nil { throw ConfigError(file: source, line: 1, column: quoteColumn, "unterminated quote") }
        if inWord { words.append(current) }
        return words
    }
}
