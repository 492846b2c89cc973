extension BrowserState {
    /// Asks where the place a text names is.
    mutating func jump(to text: String) -> [BrowserEffect] {
        message = nil
        place.request = makeGeneration()
        return [.resolvePlace(text, generation: place.request)]
    }

    /// Asks for the completion of a place's text.
    mutating func completePlace(_ text: String) -> [BrowserEffect] {
        place.request = makeGeneration()
        return [.completePlace(text, generation: place.request)]
    }

    /// Opens the place found, or says why there is none.
    mutating func placeResolved(generation: Int, _ result: Result<[String], SourceError>) -> [BrowserEffect] {
        generation == place.request ? openFound(result) : []
    }

    /// Keeps the completion for the prompt, with the candidates (or the problem) in the message.
    mutating func placeCompleted(generation: Int, _ result: Result<PlaceCompletion, SourceError>) -> [BrowserEffect] {
        guard generation == place.request else { return [] }
        switch result {
        case .success(let completion):
            place.completion = completion
            message = completion.candidates.count > 1 ? completion.candidates.joined(separator: "  ")
                : completion.candidates.isEmpty ? "nothing there starts so" : nil
        case .failure(let error):
            message = error.message
        }
        return []
    }
}
