/// The place (`:`) being opened or completed: its request's generation and the last completion.
package struct PlaceState: Sendable {
    /// The generation of the place being opened or completed.
    var request = 0
    /// The last completion of a place's text, for the prompt to take.
    package internal(set) var completion: PlaceCompletion?
}
