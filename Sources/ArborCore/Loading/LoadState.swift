/// Where a lazy request for a node stands.
package enum LoadState: Sendable, Hashable {
    /// Never asked for.
    case unloaded
    /// Asked for; only a result carrying this generation is accepted.
    case loading(generation: Int)
    /// Arrived.
    case loaded
    /// The source failed; the message says why.
    case failed(String)

    /// Whether a request is under way.
    package var isLoading: Bool {
        if case .loading = self { return true }
        return false
    }

    /// The failure message, if the request failed.
    package var failureMessage: String? {
        if case .failed(let message) = self { return message }
        return nil
    }

    /// Whether a result tagged with `generation` belongs to the request under way.
    func accepts(_ generation: Int) -> Bool {
        self == .loading(generation: generation)
    }
}
