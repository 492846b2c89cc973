/// The one place a run's terminal is opened: when first needed (a loading screen, then the browser on the same
/// screen), with the theme and mouse setting the run was given, and given back once.
package final class TerminalLease {
    private let theme: Theme
    private let mouse: Bool
    private let height: InlineHeight?
    private var terminal: TerminfoTerminal?

    /// A lease that opens nothing until ``acquire()``; with `height`, the terminal draws in that many rows
    /// below the cursor instead of the whole (alternate) screen.
    package init(theme: Theme, mouse: Bool, height: InlineHeight? = nil) {
        self.theme = theme
        self.mouse = mouse
        self.height = height
    }

    /// Whether the terminal was opened (the screen, not stderr, was the user's until it is given back).
    package var wasAcquired: Bool { terminal != nil }

    /// The terminal, opened on the first call; throws when there is no usable terminal.
    package func acquire() throws(TerminalError) -> TerminfoTerminal {
        if let terminal { return terminal }
        let opened = try TerminfoTerminal(theme: theme, mouse: mouse, height: height)
        terminal = opened
        return opened
    }

    /// Gives the terminal back if it was opened; safe to call more than once.
    package func release() {
        terminal?.shutdown()
    }
}
