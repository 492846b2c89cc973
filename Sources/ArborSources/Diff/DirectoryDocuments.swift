import ArborCore
import Synchronization

/// Two trees (directories, archives) compared as snapshots (``DirectorySnapshot``), where a file on both sides whose bytes
/// changed and that Arbor reads as a document is compared as that document: its value replaces its size and
/// hash on both sides, so that the difference goes on into it. A file that does not read on either side stays
/// its size and hash, its trouble said in the problems.
enum DirectoryDocuments {
    /// One side of the comparison: a tree's snapshot, and the value of one of its files as compact JSON.
    struct Side: Sendable {
        /// The tree's snapshot; what could not be read goes to the problems.
        let snapshot: @Sendable (inout [String]) -> DirectorySnapshot.Snapshot
        /// A file's value (its path under the tree's top) as compact JSON.
        let document: @Sendable (String) throws(SourceLoadError) -> [UInt8]
    }

    /// A directory's side: its files read as a source `template` would read them.
    static func directory(_ top: String, template: SourceRequest) -> Side {
        Side(snapshot: { problems in DirectorySnapshot.snapshot(of: top, problems: &problems) }, document: { (path) throws(SourceLoadError) in
            var request = template
            request.path = top + "/" + path
            request.format = nil
            request.settings = [:]
            request.watches = false
            var ignored: [String] = []
            return try DiffOpening.json(of: request, name: top + "/" + path, problems: &ignored)
        })
    }

    /// Both trees' JSON, the changed documents' values in place, and the paths (under the trees' tops) of the
    /// files compared as documents.
    static func versions(_ sides: [Side], problems: inout [String]) -> (old: [UInt8], new: [UInt8], documents: Set<String>) {
        let taken = Mutex<[(DirectorySnapshot.Snapshot, [String])?]>([nil, nil])
        WorkerThreads.perform(2) { side in
            var found: [String] = []
            let snapshot = sides[side].snapshot(&found)
            taken.withLock { $0[side] = (snapshot, found) }
        }
        let snapshots = taken.withLock { $0 }.map { $0! }
        problems += snapshots.flatMap(\.1)
        var old = snapshots[0].0
        var new = snapshots[1].0
        let earlier = Dictionary(old.files.map { ($0.path, $0.range) }, uniquingKeysWith: { one, _ in one })
        let changed = new.files.filter { file in
            guard NestedDocumentsSource.opensByName(file.path.utf8), let before = earlier[file.path] else { return false }
            return old.json[before] != new.json[file.range]
        }.map(\.path)
        guard !changed.isEmpty else { return (old.json, new.json, []) }
        let read = values(of: changed, sides: sides)
        var documents = Set<String>()
        var replaced: [[String: [UInt8]]] = [[:], [:]]
        for (index, path) in changed.enumerated() {
            switch (read[index].0, read[index].1) {
            case (.success(let before), .success(let after)):
                replaced[0][path] = before
                replaced[1][path] = after
                documents.insert(path)
            case (.failure(let trouble), _), (_, .failure(let trouble)):
                problems.append(trouble.message)
            }
        }
        old.json = spliced(old, replaced[0])
        new.json = spliced(new, replaced[1])
        return (old.json, new.json, documents)
    }

    /// Each file's value on both sides as compact JSON, read two at a time.
    private static func values(of files: [String], sides: [Side]) -> [(Result<[UInt8], SourceLoadError>, Result<[UInt8], SourceLoadError>)] {
        let results = Mutex([Result<[UInt8], SourceLoadError>?](repeating: nil, count: files.count * 2))
        let next = Mutex(0)
        WorkerThreads.perform(2) { _ in
            while true {
                let index = next.withLock { value in
                    defer { value += 1 }
                    return value
                }
                guard index < files.count * 2 else { return }
                let result = Result { () throws(SourceLoadError) -> [UInt8] in try sides[index % 2].document(files[index / 2]) }
                results.withLock { $0[index] = result }
            }
        }
        let all = results.withLock { $0 }.map { $0! }
        return files.indices.map { (all[$0 * 2], all[$0 * 2 + 1]) }
    }

    /// The snapshot's JSON with the values of the files in `replacements` put in place of their size and hash.
    private static func spliced(_ snapshot: DirectorySnapshot.Snapshot, _ replacements: [String: [UInt8]]) -> [UInt8] {
        var json: [UInt8] = []
        json.reserveCapacity(snapshot.json.count + replacements.values.reduce(0) { $0 + $1.count })
        var copied = 0
        for file in snapshot.files {
            guard let value = replacements[file.path] else { continue }
            json += snapshot.json[copied..<file.range.lowerBound]
            json += value
            copied = file.range.upperBound
        }
        json += snapshot.json[copied...]
        return json
    }
}
