/// A preview made for a request, or what a command has printed so far.
package struct PreviewAnswer: Sendable, Hashable {
    /// The request's number.
    package var generation: Int
    /// What it asked for.
    package var purpose: PreviewRequest.Purpose
    /// What to show.
    package var content: PreviewContent
    /// Whether more may come for the same request (a command still running).
    package var isFinal: Bool

    /// Creates an answer.
    package init(generation: Int, purpose: PreviewRequest.Purpose = .show, content: PreviewContent, isFinal: Bool = true) {
        self.generation = generation
        self.purpose = purpose
        self.content = content
        self.isFinal = isFinal
    }
}
