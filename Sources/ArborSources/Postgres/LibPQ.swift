import CLibpq

/// libpq's functions, loaded the first time a PostgreSQL source opens (see `CLibpq`).
enum LibPQ {
    /// The loaded library, or why it could not be loaded.
    static let loaded: Result<ArborLibpq, PostgresError> = {
        #if os(macOS)
        let names = ["libpq.5.dylib", "/opt/homebrew/opt/libpq/lib/libpq.5.dylib", "/usr/local/opt/libpq/lib/libpq.5.dylib"]
        #else
        let names = ["libpq.so.5", "libpq.so"]
        #endif
        return LoadedLibrary.load(names, into: ArborLibpq(), bind: arbor_libpq_bind).mapError {
            PostgresError("PostgreSQL sources need libpq, the PostgreSQL client library (Debian: libpq5; macOS: brew install libpq): \($0.reason)")
        }
    }()

    /// The library, or the error saying it is missing.
    static func library() throws(PostgresError) -> ArborLibpq {
        try loaded.get()
    }

    /// A C string libpq returned, as text; empty for NULL.
    static func text(_ pointer: UnsafePointer<CChar>?) -> String {
        guard let pointer else { return "" }
        return String(cString: pointer)
    }
}

/// What went wrong talking to the server: libpq's message, and the SQLSTATE when the server sent one.
struct PostgresError: Error, Sendable, CustomStringConvertible {
    /// The message, without libpq's trailing newline or the `ERROR:` every statement's failure starts with.
    var message: String
    /// The five-character SQLSTATE (`42P01` for a missing table), when the server answered with one.
    var state: String?

    init(_ message: String, state: String? = nil) {
        let trimmed = message.trimmingTrailingNewlines
        self.message = trimmed.hasPrefix("ERROR:  ") ? String(trimmed.dropFirst(8)) : trimmed
        self.state = state
    }

    /// Whether the server stopped the statement because it was cancelled (not for its time-out).
    var wasCancelled: Bool { state == "57014" && !message.contains("statement timeout") }

    var description: String { message }
}

extension String {
    /// The text without the newlines libpq ends its messages with.
    var trimmingTrailingNewlines: String {
        var text = Substring(self)
        while text.last == "\n" || text.last == " " { text = text.dropLast() }
        return String(text)
    }
}
