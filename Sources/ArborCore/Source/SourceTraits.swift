/// What a source does beyond ``HierarchySource`` that the browser asks before its first frame (and after each
/// one): given where the source is made with its type known, or found by casts. A cast to a protocol not asked
/// of that type before scans every conformance record in the program, about 185k instructions each.
package struct SourceTraits: Sendable {
    /// The source as one that reports its changes.
    package let reporting: (any ChangeReporting)?
    /// Whether listing the source is cheap enough to ask before it is needed (``ReadingAhead``).
    package let readsAhead: Bool
    /// The source as one that knows where its changes are.
    package let navigating: (any ChangeNavigating)?
    /// The source as told what is on screen; nil when not known yet: it is found after the first frame.
    package let shown: ShownListeners?

    /// Traits given by the code that made the source, which knows its type.
    package init(reporting: (any ChangeReporting)?, readsAhead: Bool, navigating: (any ChangeNavigating)?,
                 shown: ShownListeners?) {
        self.reporting = reporting
        self.readsAhead = readsAhead
        self.navigating = navigating
        self.shown = shown
    }

    /// Traits found by casting `source`; what it is told of the screen is left to be found after the first frame.
    package init(casting source: any HierarchySource) {
        reporting = source as? any ChangeReporting
        readsAhead = source is any ReadingAhead
        navigating = source as? any ChangeNavigating
        shown = nil
    }
}

/// A source seen as told what is on screen: as watching it, cancelling what is not, both or neither.
package struct ShownListeners: Sendable {
    /// The source as one that watches the lists on screen.
    package let watching: (any WatchingShown)?
    /// The source as one that cancels the requests for lists not on screen.
    package let cancelling: (any CancellingUnshown)?

    /// Listeners given by the code that made the source.
    package init(watching: (any WatchingShown)?, cancelling: (any CancellingUnshown)?) {
        self.watching = watching
        self.cancelling = cancelling
    }

    /// Listeners found by casting `source`.
    package init(casting source: any HierarchySource) {
        watching = source as? any WatchingShown
        cancelling = source as? any CancellingUnshown
    }

    /// Whether the source is told anything.
    package var areAny: Bool { watching != nil || cancelling != nil }
}
