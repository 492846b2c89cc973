import ArborCore

/// Everything one input asks of the world outside the controller, in one value: the run loop performs it in one
/// place, whether the input came while waiting for keys or while a frame settled.
package struct InputEffects: Sendable {
    /// Requests to the source (loads, searches, counts), each answered through the inbox.
    package var sourceRequests: [BrowserEffect] = []
    /// Previews to make: the source's, or a command's output.
    package var previews: [PreviewRequest] = []
    /// Command lines to run, in order (`execute`, `execute-silent`, `become`, `e`).
    package var commands: [CommandRequest] = []
    /// Queries to start, stop or close.
    package var queries: [QueryRequest] = []
    /// Timers to start (again) now.
    package var timers: Set<LoopTimer> = []
    /// Bytes to put on the terminal's clipboard.
    package var clipboard: [UInt8]?
    /// What the presenting program is told of: focus moves, expansions, picks, its own actions.
    package var events: [BrowserEvent] = []
    /// The exit status, when the input ends the browser.
    package var exit: Int32?

    /// No effects.
    package init() {}
}
