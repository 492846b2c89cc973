import ArborCore

/// What a source opened by a kind of this module can do beyond ``SourceCapabilities``: the questions only the
/// program's own output, printing and opening ask. Found by casts in this one place, each when it is asked (a
/// printed tree asks one question a list, not five).
package struct FormatCapabilities {
    private let source: any HierarchySource

    /// The capabilities of `source`, asked one at a time.
    package init(of source: any HierarchySource) {
        // The JSON opened in strings adds to what a source shows, not to what its format can do.
        self.source = (source as? EmbeddedJSONSource)?.base ?? source
    }

    /// Items whose values print as the input wrote them (`--output json` of JSON Lines).
    package var jsonTexts: (any JSONValueTexts)? { source as? any JSONValueTexts }
    /// Answers `arbor print` and `arbor query` itself, streaming (a database server).
    package var streaming: (any StreamingQueries)? { source as? any StreamingQueries }
    /// Shown from a first part while the rest is read, which may turn out not to open.
    package var outcome: (any ReadingOutcome)? { source as? any ReadingOutcome }
    /// Counts some lists from a first part only, the rest still being read.
    var partialCounts: (any PartialCounts)? { source as? any PartialCounts }
    /// Counts its lists by reading them (the output of commands).
    var countsByReading: Bool { source is any CountedListings }
}
