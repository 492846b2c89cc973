import ArborTUI

/// How a ``HierarchyBrowser`` ended.
public struct BrowserResult: Sendable, Hashable {
    /// How the user left.
    public enum Ending: Sendable, Hashable {
        /// The picker accepted items (``BrowserResult/picked`` holds their ids).
        case picked
        /// The user quit the browser (q).
        case quit
        /// The picker ended with nothing picked.
        case nothingPicked
        /// The user cancelled (Ctrl-C, or Esc and q in the picker).
        case cancelled
        /// A signal ended it (SIGTERM, SIGHUP), or the terminal went away.
        case interrupted
        /// The source could not be opened (``BrowserResult/failure`` says why).
        case failed
    }

    /// The ids the picker accepted, in the order they were marked; empty otherwise.
    public var picked: [String]
    /// The exit status a command-line tool ends with, as fzf's: 0 picked or quit, 1 nothing picked, 2 the
    /// source could not be opened, 130 cancelled, 128 + the signal's number when one ended it.
    public var status: Int32
    /// The key of ``BrowserOptions/expectedKeys`` that accepted; nil when Enter did or nothing was accepted.
    public var acceptingKey: Key?
    /// Why the source could not be opened, when it could not (status 2).
    public var failure: String?

    /// Creates a result.
    public init(picked: [String], status: Int32, acceptingKey: Key? = nil, failure: String? = nil) {
        self.picked = picked
        self.status = status
        self.acceptingKey = acceptingKey
        self.failure = failure
    }

    /// How the user left, from the status.
    public var ending: Ending {
        switch status {
        case 0: return picked.isEmpty ? .quit : .picked
        case 1: return .nothingPicked
        case 2: return .failed
        case 130: return .cancelled
        default: return .interrupted
        }
    }
}
