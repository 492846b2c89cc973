import ArborCore

/// What a source opened by a kind of this module can do beyond ``SourceCapabilities``: the questions only the
/// program's own output, printing and opening ask. Found by casts in this one place.
package struct FormatCapabilities {
    /// Items whose values print as the input wrote them (`--output json` of JSON Lines).
    package var jsonTexts: (any JSONValueTexts)?
    /// Answers `arbor print` and `arbor query` itself, streaming (a database server).
    package var streaming: (any StreamingQueries)?
    /// Shown from a first part while the rest is read, which may turn out not to open.
    package var outcome: (any ReadingOutcome)?
    /// Counts some lists from a first part only, the rest still being read.
    var partialCounts: (any PartialCounts)?
    /// Counts its lists by reading them (the output of commands).
    var countsByReading: Bool

    /// The capabilities the source's type conforms to.
    package init(of source: any HierarchySource) {
        jsonTexts = source as? any JSONValueTexts
        streaming = source as? any StreamingQueries
        outcome = source as? any ReadingOutcome
        partialCounts = source as? any PartialCounts
        countsByReading = source is any CountedListings
    }
}
