import ArborCore
import Synchronization

/// The files of a directory tree opened as documents, held under one memory budget: a file is opened when what
/// it holds is first asked for, opened again when it changed on disk, and let go when it is out of sight (no
/// list of it on screen) or when the budget needs its room, the least recently used first.
final class OpenedDocuments: Sendable {
    /// One opened file.
    struct Document: Sendable {
        /// What it holds.
        let source: any HierarchySource
        /// The file's version when it was opened (``SourceFile/version(_:)``).
        let version: [Int]?
        /// The id of its root: the file itself stands for it.
        let rootID: String
        /// What the file takes, as its size on disk.
        let bytes: Int
        /// What the rest of a large file, read or indexed while its first part is shown, waits for: opened with
        /// the frame drawn after its first list has been answered, so that the first part has the cores to itself
        /// until it is on screen.
        let firstFrame: FirstFrameGate?

        /// Lets the rest of the file be read once what is shown of it is drawn: its list has been answered.
        func answered() {
            firstFrame?.openWithNextFrame()
        }
    }

    private struct Held {
        var documents: [String: (document: Document, lastUse: UInt64)] = [:]
        var clock: UInt64 = 0
    }

    private let held = Mutex(Held())
    private let budget: Int
    private let open: @Sendable (String) throws(SourceLoadError) -> OpenedSource
    private let changed: @Sendable () -> Void

    /// Documents opened by `open` (a file's path to its source), holding at most `budget` bytes of files;
    /// `changed` is called when a file held is found changed and opened again.
    init(budget: Int, open: @escaping @Sendable (String) throws(SourceLoadError) -> OpenedSource,
         changed: @escaping @Sendable () -> Void = {}) {
        self.budget = budget
        self.open = open
        self.changed = changed
    }

    /// The document of the file at `path`, opened now when it is not held or changed since.
    func document(at path: String) async throws -> Document {
        let version = SourceFile.version(path)
        if let kept = use(path, version: version) { return kept }
        // A file held in an older version changed before its directory's change was heard: what is shown of it
        // is asked for again.
        let stale = held.withLock { $0.documents[path] != nil }
        let opened: OpenedSource
        do {
            opened = try open(path)
        } catch {
            throw SourceError(error.message)
        }
        let root = try await opened.hierarchy.root()
        let document = Document(source: opened.hierarchy, version: version, rootID: root?.id ?? "",
                                bytes: version.map { $0[2] } ?? 0, firstFrame: opened.firstFrame)
        keep(document, at: path)
        if stale { changed() }
        return document
    }

    /// The paths of the documents held now.
    var paths: Set<String> { held.withLock { Set($0.documents.keys) } }

    /// Whether the file at `path` is held, so that it need not be looked at on disk.
    func holds(_ path: String) -> Bool { held.withLock { $0.documents[path] != nil } }

    /// Lets go of every document but those of `files` (the files with a list on screen).
    func keepOnly(_ files: Set<String>) {
        held.withLock { held in
            held.documents = held.documents.filter { files.contains($0.key) }
        }
    }

    /// Lets go of the documents among `paths` whose file changed since it was opened; returns them.
    func dropChanged(among paths: Set<String>) -> [String] {
        held.withLock { held in
            let changed = held.documents.filter { paths.contains($0.key) && SourceFile.version($0.key) != $0.value.document.version }
            for path in changed.keys { held.documents[path] = nil }
            return changed.keys.sorted()
        }
    }

    private func use(_ path: String, version: [Int]?) -> Document? {
        held.withLock { held in
            guard let kept = held.documents[path], kept.document.version == version else { return nil }
            held.clock += 1
            held.documents[path]?.lastUse = held.clock
            return kept.document
        }
    }

    private func keep(_ document: Document, at path: String) {
        held.withLock { held in
            held.clock += 1
            held.documents[path] = (document, held.clock)
            var total = held.documents.values.reduce(0) { $0 + $1.document.bytes }
            for (oldest, _) in held.documents.sorted(by: { $0.value.lastUse < $1.value.lastUse }) {
                guard total > budget, oldest != path else { continue }
                total -= held.documents[oldest]?.document.bytes ?? 0
                held.documents[oldest] = nil
            }
        }
    }
}
