/// A source with hidden entries (a directory's dot files) that it shows or hides on request.
public protocol HiddenEntries: HierarchySource {
    /// Shows or hides hidden entries from now on; false when there are none to show or hide.
    func setShowsHidden(_ shows: Bool) -> Bool
}

/// A source that counts an item's children cheaply enough to do it in the background for every item listed.
public protocol BackgroundCounting: HierarchySource {}

/// A source where listing a few children is cheap and free of side effects, so the browser reads the focused
/// item's children ahead once the focus rests.
public protocol ReadingAhead: HierarchySource {}

/// A source that finds changes by itself (the rest of its input, a file created) and reports them.
public protocol ChangeReporting: HierarchySource {
    /// Whether everything has been read; the observer hears `.completed` when it becomes true.
    var isComplete: Bool { get }
    /// Gives the source the function to report its changes with, from any thread.
    func observeChanges(_ report: @escaping @Sendable (SourceChange) -> Void)
}

/// A source that can watch what is on screen for changes made outside Arbor (a directory's entries) and report
/// them through ``ChangeReporting``.
public protocol WatchingShown: ChangeReporting {
    /// Watches the lists of children of these items from now on, and no others.
    func watch(_ ids: Set<String>)
}

/// A source whose requests can be stopped where they run (a statement on a database server): told the lists on
/// screen after each change, it cancels the requests for any other.
public protocol CancellingUnshown: HierarchySource {
    /// Cancels the requests under way for lists other than the children of these items.
    func keepOnly(_ shownIDs: Set<String>)
}

/// A source that shows the difference between two versions: it knows where the changes are, in order.
public protocol ChangeNavigating: HierarchySource {
    /// The ids from the top (the root's id first unless it is virtual) down to the next change after the item
    /// `id` (or the previous one, `forward` false), in the order the tree shows them, wrapping around at the end;
    /// nil when there is no change.
    func revealPath(toChangeFrom id: String?, forward: Bool) -> [String]?
}
