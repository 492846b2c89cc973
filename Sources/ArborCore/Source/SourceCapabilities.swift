/// What a source can do beyond ``HierarchySource``, as one value: asked of the source once (its
/// ``HierarchySource/capabilities``), each capability the source itself seen as that protocol, or nil.
///
/// A source that wraps another (a file followed, a document shown while it is read) reports what the wrapped one
/// can do, forwarded through itself, and adds only what it does of its own; it never claims what the wrapped one
/// cannot do.
public struct SourceCapabilities: Sendable {
    /// Shows and hides hidden entries.
    public var hiddenEntries: (any HiddenEntries)?
    /// Counts children cheaply enough to count every item listed in the background.
    public var countsInBackground: Bool
    /// Lists a few children cheaply and without side effects, so the focused item's are read ahead.
    public var readsAhead: Bool
    /// Finds and reports its own changes.
    public var reporting: (any ChangeReporting)?
    /// Watches the lists on screen for changes made outside Arbor.
    public var watching: (any WatchingShown)?
    /// Cancels the requests for lists no longer on screen.
    public var cancelling: (any CancellingUnshown)?
    /// Knows where the changes of a difference are.
    public var navigating: (any ChangeNavigating)?
    /// Shows more of an item than its cell.
    public var previewing: (any PreviewingItems)?
    /// Knows where its items are: on disk, or at a line of a file.
    public var locating: (any LocatingItems)?
    /// Holds children it can hand over without waiting.
    public var immediateChildren: (any ImmediateChildren)?
    /// Answers queries from an index of its own.
    public var indexedQuerying: (any IndexedQuerying)?

    /// Capabilities given by the code that made the source, which knows its type; none unless given.
    public init(hiddenEntries: (any HiddenEntries)? = nil, countsInBackground: Bool = false, readsAhead: Bool = false,
                reporting: (any ChangeReporting)? = nil, watching: (any WatchingShown)? = nil,
                cancelling: (any CancellingUnshown)? = nil, navigating: (any ChangeNavigating)? = nil,
                previewing: (any PreviewingItems)? = nil, locating: (any LocatingItems)? = nil,
                immediateChildren: (any ImmediateChildren)? = nil, indexedQuerying: (any IndexedQuerying)? = nil) {
        self.hiddenEntries = hiddenEntries
        self.countsInBackground = countsInBackground
        self.readsAhead = readsAhead
        self.reporting = reporting
        self.watching = watching
        self.cancelling = cancelling
        self.navigating = navigating
        self.previewing = previewing
        self.locating = locating
        self.immediateChildren = immediateChildren
        self.indexedQuerying = indexedQuerying
    }

    /// The capabilities the source's type conforms to. This is the one place they are found by casts; the first
    /// cast of a type to a protocol scans every conformance in the program (about 185k instructions), so a source
    /// opened before the first frame may give them from its type instead (as the directory tree does).
    public init(casting source: any HierarchySource) {
        self.init(hiddenEntries: source as? any HiddenEntries, countsInBackground: source is any BackgroundCounting,
                  readsAhead: source is any ReadingAhead, reporting: source as? any ChangeReporting,
                  watching: source as? any WatchingShown, cancelling: source as? any CancellingUnshown,
                  navigating: source as? any ChangeNavigating, previewing: source as? any PreviewingItems,
                  locating: source as? any LocatingItems, immediateChildren: source as? any ImmediateChildren,
                  indexedQuerying: source as? any IndexedQuerying)
    }

    /// The names of the capabilities there, for comparing two sources' (a wrapper's and the wrapped one's).
    public var names: Set<String> {
        let present: [(String, Bool)] = [
            ("hidden-entries", hiddenEntries != nil), ("counts-in-background", countsInBackground), ("reads-ahead", readsAhead),
            ("reporting", reporting != nil), ("watching", watching != nil), ("cancelling", cancelling != nil),
            ("navigating", navigating != nil), ("previewing", previewing != nil), ("locating", locating != nil),
            ("immediate-children", immediateChildren != nil), ("indexed-querying", indexedQuerying != nil),
        ]
        return Set(present.filter(\.1).map(\.0))
    }

    /// Whether the source is told what is on screen after each frame.
    package var listensToShown: Bool { watching != nil || cancelling != nil }
}
