/// A terminal the run loop draws on and reads keys from.
package protocol TerminalDevice: AnyObject {
    /// The descriptor to poll for key presses.
    var inputFD: Int32 { get }
    /// The current size in cells.
    var size: (width: Int, height: Int) { get }
    /// Every key press waiting, without blocking.
    func readKeys() -> [Key]
    /// Shows a frame, drawing only what changed since the last one.
    func present(_ grid: CellGrid)
    /// Gives the terminal back in its normal mode before the process stops (Ctrl-Z).
    func suspend()
    /// Takes the terminal again after the process continues; the next frame is drawn whole.
    func resume()
    /// Gives the terminal back in its normal mode.
    func shutdown()
    /// Why the terminal can no longer be read (for example, Arbor is not in the foreground), if it cannot.
    var failure: String? { get }
    /// Stops the process as Ctrl-Z asks, the terminal given back while it is stopped and taken again after.
    func suspendProcess()
    /// Puts text on the clipboard of the terminal (and of tmux, when inside it).
    func copy(_ bytes: [UInt8])
    /// Whether the terminal is another size than the one drawn for, though no resize key said so (in a storm of
    /// resizes the last one can come between a resize and its key); the size is taken anew when it is.
    func takeUnreportedResize() -> Bool
}

extension TerminalDevice {
    /// A terminal without a clipboard ignores copies.
    package func copy(_ bytes: [UInt8]) {}

    /// A terminal that reports each resize with its key has none unreported.
    package func takeUnreportedResize() -> Bool { false }

    /// Stops the process as Ctrl-Z asks: the terminal given back while it is stopped, taken again after.
    package func suspendProcess() {
        suspend()
        SignalTrap.stopProcess()
        resume()
    }
}

/// Why a terminal could not be used.
public struct TerminalError: Error, Sendable, CustomStringConvertible {
    /// What went wrong, for the user.
    public var message: String

    /// Creates an error.
    public init(_ message: String) {
        self.message = message
    }

    /// The text for messages and logs.
    public var description: String { message }
}
