/// A path being opened level by level (`--select`, a find's match, a place, a reload keeping the place): the ids
/// still to open and what to put back once they are.
struct PendingReveal: Sendable {
    /// The ids from the top down still to be opened.
    var path: [String] = []
    /// The level to focus once the path is open; nil for the last one.
    var focusedLevel: Int?
    /// The filters of the levels a reload is putting back, by the id of each level's parent.
    var filters: [String: TextMatcher] = [:]
}
