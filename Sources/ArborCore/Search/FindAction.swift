/// What the find over every item (`F`) is told: its query and keys, and the search's answers.
package enum FindAction: Sendable {
    /// Finds the items matching a query among every item of the source, walking it in the background; an
    /// empty query lists nothing.
    case query(String)
    /// Moves the focus among the matches.
    case moveFocus(by: Int)
    /// Stops the walk; the matches found stay.
    case stop
    /// Widens the bound of the walk and goes on with it.
    case searchFurther
    /// Opens the path to the focused match and focuses it.
    case openHit
    /// Ends the find.
    case close
    /// The search of this generation reported its matches so far.
    case updated(generation: Int, FindUpdate)
    /// The walk stopped.
    case walkStopped(SearchProgress?)
    /// The ids from the top down to the match being opened (of this generation) were found.
    case hitResolved(generation: Int, Result<[String], SourceError>)
    /// The screen rests: a source held in memory may be walked ahead of a find, so that its first query is
    /// answered as fast as the next.
    case walkAhead
    /// The walk ahead of a find began (or was not for this source).
    case walkingAhead
}
