/// A mistake in a configuration or theme file, with where it is.
public struct ConfigError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file.
    public var file: String
    /// The line, counted from 1, when known.
    public var line: Int?
    /// The column, counted from 1, when known.
    public var column: Int?
    /// What is wrong.
    public var message: String

    /// Creates an error.
    public init(file: String, line: Int? = nil, column: Int? = nil, _ message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    /// `file:line:column: message`.
    public var description: String {
        var place = file
        if let line { place += ":\(line)" }
        if let column { place += ":\(column)" }
        return place + ": " + message
    }
}
