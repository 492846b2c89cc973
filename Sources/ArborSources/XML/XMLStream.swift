import ArborCore

/// Indexes a large XML input on another thread while it is shown: the elements of its first megabytes at
/// once, then the whole (a version in between would copy the index when more is added, past the memory
/// budget of 1.5× the file, for a pass that takes about a second per 100 MB). A problem found after the
/// first screen is reported, the elements before it kept.
enum XMLStream {
    /// What is indexed before the first screen.
    static let firstPart = 4 << 20

    /// The document growing to the whole input; nil when the first part already holds all of it (then opened
    /// whole as usual). Errors in the first part are thrown.
    /// The indexing waits for `firstFrame` (at most a moment).
    static func start(_ bytes: [UInt8], name: String, origin: String, mapping: FieldMapping,
                      firstFrame: FirstFrameGate) throws(SourceLoadError) -> GrowingXMLDocument? {
        guard bytes.count > firstPart else { return nil }
        let indexer = try XMLIndexer(bytes, origin: origin)
        try indexer.feed(upTo: firstPart)
        guard indexer.index.count > 0 else { return nil }
        let growing = GrowingXMLDocument(partial: LazyXMLDocument(bytes: bytes, index: indexer.snapshot, name: name, mapping: mapping))
        let handoff = XMLIndexerHandoff(indexer: indexer)
        WorkerThreads.start {
            firstFrame.wait()
            let indexer = handoff.indexer
            do throws(SourceLoadError) {
                indexer.reserveRoom()
                try indexer.feed(upTo: bytes.count)
            } catch {
                growing.complete(with: LazyXMLDocument(bytes: bytes, index: indexer.snapshot, name: name, mapping: mapping),
                                 problem: error.message + "; the elements before it are shown")
                return
            }
            growing.complete(with: LazyXMLDocument(bytes: bytes, index: indexer.index, name: name, mapping: mapping))
        }
        return growing
    }
}

/// Hands the indexer to the thread that indexes the rest; the opening thread no longer touches it.
private struct XMLIndexerHandoff: @unchecked Sendable {
    let indexer: XMLIndexer
}
