import ArborCore
import ArborSources
import Foundation

/// A large file written for a test and opened as the browser opens it, from its first part, with the changes
/// it reports from then on.
struct StreamedOpening {
    let source: any ChangeReporting
    /// The format the first part was opened as.
    let format: SourceFormat
    let changes = ChangeLog()

    /// Opens the file at `path`, observing at once unless `observing` is false (then ``observe()`` later).
    init(_ path: String, observing: Bool = true) throws {
        let opened = try SourceOpener.open(SourceRequest(path: path), streaming: true)
        guard let source = opened.hierarchy as? any ChangeReporting else {
            throw SourceError("\(path) was read whole, not shown from its first part")
        }
        self.source = source
        format = opened.format
        if observing { observe() }
    }

    /// Starts hearing the source's changes.
    func observe() {
        let changes = changes
        source.observeChanges { changes.append($0) }
    }

    /// Waits (up to ten seconds) until the whole input has been read.
    func waitForCompletion() async throws {
        for _ in 0..<1000 where !source.isComplete { try await Task.sleep(nanoseconds: 10_000_000) }
    }

    /// The problems the completions reported (nil for one without a problem).
    var completions: [String?] {
        changes.all.compactMap { change in
            if case .completed(let problem) = change { return .some(problem) }
            return nil
        }
    }

    /// Writes `text` to a new file in the temporary directory, named to end with `suffix`; returns its path.
    static func write(_ text: String, suffix: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("arbor-\(UUID().uuidString)-\(suffix)").path
        try SourceFileFixture.write(text, to: path)
        return path
    }
}
