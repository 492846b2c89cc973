/// A mistake in a configuration or theme file, with where it is.
package struct ConfigError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file.
    package var file: String
    /// The line, counted from 1, when known.
    package var line: Int?
    /// The column, counted from 1, when known.
    package var column: Int?
    /// What is wrong.
    package var message: String

    /// Creates an error.
    package init(file: String, line: Int? = nil, column: Int? = nil, _ message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    /// `file:line:column: message`.
    package var description: String {
        var place = file
        if let line { place += ":\(line)" }
        if let column { place += ":\(column)" }
        return place + ": " + message
    }
}
