/// What a change of the navigation needs from the rest of the state: a list or pages to ask the source for,
/// the level before the first, a message for the footer. The navigation reads the store and changes itself;
/// the state turns these into requests.
enum NavigationAsk: Sendable, Equatable {
    /// The children of a node, unless they are loaded or on their way.
    case children(of: NodeHandle)
    /// The pages of a parent's children holding placeholders at these positions.
    case pages(of: NodeHandle, children: [Int])
    /// The parent of the first level's focused item: a level before the first.
    case parent(of: NodeHandle)
    /// A notice for the footer.
    case message(String)
}
