/// Why `arbor` ends before doing what it was asked: the message for stderr and the exit status, which only
/// `main` turns into the process's end.
struct ArborFailure: Error {
    /// What went wrong, without the `arbor: ` prefix; nil when nothing more is to be said (the user stopped it).
    var message: String?
    /// The exit status.
    var status: Int32
    /// More lines for stderr after the message (the usage line of a bad command line).
    var hint: String?

    /// A failure with a message and status 2: bad usage, an unreadable or invalid source or setting.
    static func invalid(_ message: String, hint: String? = nil) -> ArborFailure {
        ArborFailure(message: message, status: 2, hint: hint)
    }
}
