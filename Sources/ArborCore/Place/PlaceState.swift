/// What the `:` place is told: a text to open or to complete, and the source's answers to either.
package enum PlaceAction: Sendable {
    /// Opens the place a text names: an id (a JSON pointer, a path) or a path of titles separated by `/`.
    case open(String)
    /// Completes the last title of a place's text from the children of the place before it.
    case complete(String)
    /// Where the place asked for with this generation is: the ids from the top down to it.
    case resolved(generation: Int, Result<[String], SourceError>)
    /// The completion asked for with this generation.
    case completed(generation: Int, Result<PlaceCompletion, SourceError>)
}

/// The place (`:`) being opened or completed: its request's generation and the last completion.
package struct PlaceState: Sendable {
    /// What the browser does after a place action.
    package enum Outcome: Sendable {
        /// Ask the source this.
        case ask(BrowserEffect)
        /// Open the place found (the ids from the top down), or say why there is none.
        case open(Result<[String], SourceError>)
        /// Say this in the footer (nil: clear it).
        case say(String?)
        /// Nothing: the answer was to an older request.
        case ignore
    }

    /// The generation of the place being opened or completed.
    private(set) var request = 0
    /// The last completion of a place's text, for the prompt to take.
    package private(set) var completion: PlaceCompletion?

    /// Applies a place action; `generation` gives a new request its generation. Answers to an older request
    /// than the last are ignored.
    mutating func apply(_ action: PlaceAction, generation: () -> Int) -> Outcome {
        switch action {
        case .open(let text):
            request = generation()
            return .ask(.resolvePlace(text, generation: request))
        case .complete(let text):
            request = generation()
            return .ask(.completePlace(text, generation: request))
        case .resolved(let answered, let result):
            return answered == request ? .open(result) : .ignore
        case .completed(let answered, let result):
            guard answered == request else { return .ignore }
            switch result {
            case .success(let found):
                completion = found
                return .say(found.candidates.count > 1 ? found.candidates.joined(separator: "  ")
                    : found.candidates.isEmpty ? "nothing there starts so" : nil)
            case .failure(let error):
                return .say(error.message)
            }
        }
    }
}
