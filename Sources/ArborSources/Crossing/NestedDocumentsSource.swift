import ArborCore

/// A directory tree whose files in a format Arbor reads open as what they hold: a JSON, YAML, TOML, XML, plist,
/// INI, CSV or TSV file, a SQLite database, shows the hierarchy icon, and its contents are the next level, read
/// by the same source as when the file is opened by itself. Ids inside a file are ``NestedID``s.
package struct NestedDocumentsSource: HierarchySource, HiddenEntries, WatchingShown, PreviewingItems, LocatingItems {
    /// The directory tree.
    let tree: FileSystemSource
    /// The files opened so far.
    let documents: OpenedDocuments
    /// Where the tree's changes and the opened files' are reported.
    let relay: ChangeRelay

    /// The formats whose files open: those read from a file as a hierarchy, not a path list or a program's output.
    static let openedFormats: Set<SourceFormat> = [.json, .jsonl, .yaml, .xml, .toml, .plist, .ini, .csv, .tsv, .sqlite, .archive]

    /// The tree, its files opened as `request` would open them (its path aside), under a memory budget of a
    /// third of the input ceiling.
    package init(tree: FileSystemSource, request: SourceRequest) {
        self.tree = tree
        var template = request
        template.format = nil
        template.settings = [:]
        let reading = template
        let relay = ChangeRelay()
        self.relay = relay
        documents = OpenedDocuments(budget: request.ceiling.bytes / 3) { path throws(SourceLoadError) in
            var request = reading
            request.path = path
            request.firstFrame = FirstFrameGate(following: reading.firstFrame)
            let opened = try SourceOpener.open(request, streaming: true)
            // A file shown while the rest of it is read reports when it is complete: what is shown is asked again.
            opened.hierarchy.capabilities.reporting?.observeChanges { _ in relay.send(.changed) }
            return opened
        } changed: {
            relay.send(.changed)
        }
    }

    package var displayName: String { tree.displayName }
    package var isComplete: Bool { true }
    package var pagesChildren: Bool { true }
    package var searchBound: SearchBound { tree.searchBound }

    /// The extensions (lower case) of the files that open.
    static let openedExtensions: Set<String> = Set(SourceKinds.all.flatMap { kind in
        kind.extensions.filter { openedFormats.contains($0.value) }.map(\.key)
    })

    /// Whether a file of this name would open, by its extension alone.
    static func opensByName(_ name: some BidirectionalCollection<UInt8>) -> Bool {
        guard let dot = name.lastIndex(of: UInt8(ascii: ".")), dot != name.startIndex else { return false }
        let suffix = name[name.index(after: dot)...]
        guard suffix.count <= 8, !suffix.contains(UInt8(ascii: "/")) else { return false }
        return openedExtensions.contains(String(decoding: suffix, as: UTF8.self).lowercased())
    }

    /// Whether the file at `path` opens as a document: a regular file of a format in ``openedFormats``.
    static func opens(_ path: String) -> Bool {
        opensByName(path.utf8) && SourceFile.version(path) != nil
    }

    /// Where an id is: an entry of the tree, a file that opens (its top), or an item inside one.
    enum Place {
        case entry(String)
        case file(String)
        case inside(NestedID)
    }

    func place(of id: String) -> Place {
        if let nested = NestedID.split(id, isDocument: { documents.holds($0) || Self.opens($0) }) { return .inside(nested) }
        if let archive = archive(holding: id) { return .inside(NestedID(file: archive, inner: id)) }
        return Self.opens(id) ? .file(id) : .entry(id)
    }

    /// The archive file whose member `id` names: an archive's members are ids under its path (`dir/app.whl/pkg`).
    private func archive(holding id: String) -> String? {
        // Names are looked at first: an id without an archive's name in its path costs no system call.
        let bytes = Array(id.utf8)
        let candidates = bytes.indices.filter { $0 > 0 && bytes[$0] == UInt8(ascii: "/") }
            .map { String(decoding: bytes[..<$0], as: UTF8.self) }.filter(ArchiveKind.namesArchive)
        guard !candidates.isEmpty, !SourceFile.exists(id) else { return nil }
        return candidates.first { documents.holds($0) || Self.opens($0) }
    }

    /// The document and the id in it of a file's top or an item inside a file; nil for an entry of the tree.
    private func document(of id: String) async throws -> (document: OpenedDocuments.Document, inner: String, file: String)? {
        switch place(of: id) {
        case .entry: return nil
        case .file(let path):
            let document = try await documents.document(at: path)
            return (document, document.rootID, path)
        case .inside(let nested):
            return (try await documents.document(at: nested.file), nested.inner, nested.file)
        }
    }

    /// The id in the tree of an item of a file's document: the file itself for its root.
    private func outerID(_ inner: String, in file: String, root: String) -> String {
        if inner == root { return file }
        // An archive's members are already named under its path.
        return inner.hasPrefix(file + "/") ? inner : NestedID.join(file: file, inner: inner)
    }

    private func outer(_ item: SourceItem, in file: String, root: String) -> SourceItem {
        var item = item
        item.id = outerID(item.id, in: file, root: root)
        return item
    }

    package func root() async throws -> SourceRoot? { try await tree.root() }

    package func numberOfChildren(of id: String) async throws -> Int? {
        switch place(of: id) {
        case .entry(let path): return try await tree.numberOfChildren(of: path)
        case .file(let path):
            // A large file is counted when it is opened, not by the background counting of its directory.
            guard documents.holds(path) || (SourceFile.version(path)?[2] ?? .max) <= Self.countedFileBytes else { return nil }
            let document = try await documents.document(at: path)
            // A file shown from its first part is counted once it is whole (its completion is reported): a count
            // asked meanwhile (the directory counts what it lists in the background) would wait for the rest.
            guard document.source.capabilities.reporting?.isComplete != false else { return nil }
            return try await document.source.numberOfChildren(of: document.rootID)
        case .inside(let nested):
            let document = try await documents.document(at: nested.file)
            guard document.source.capabilities.reporting?.isComplete != false else { return nil }
            return try await document.source.numberOfChildren(of: nested.inner)
        }
    }

    /// The largest file opened to count what it holds for its icon.
    static let countedFileBytes = 1 << 20

    package func childIDs(of id: String, in range: Range<Int>) async throws -> [String] {
        guard let (document, inner, file) = try await document(of: id) else { return try await tree.childIDs(of: id, in: range) }
        return try await document.source.childIDs(of: inner, in: range).map { outerID($0, in: file, root: document.rootID) }
    }

    package func parentID(of id: String) async throws -> String? {
        guard case .inside(let nested) = place(of: id) else { return try await tree.parentID(of: id) }
        let document = try await documents.document(at: nested.file)
        guard let parent = try await document.source.parentID(of: nested.inner) else { return nested.file }
        return outerID(parent, in: nested.file, root: document.rootID)
    }

    package func item(_ id: String) async throws -> SourceItem {
        switch place(of: id) {
        case .entry(let path): return try await tree.item(path)
        case .file(let path):
            var item = try await tree.item(path)
            item.childCount = documents.holds(path) ? try await numberOfChildren(of: path) : nil
            return item
        case .inside(let nested):
            let document = try await documents.document(at: nested.file)
            return outer(try await document.source.item(nested.inner), in: nested.file, root: document.rootID)
        }
    }

    package func children(of id: String) async throws -> [SourceItem] {
        guard let (document, inner, file) = try await document(of: id) else { return opening(try await tree.children(of: id)) }
        defer { document.answered() }
        return try await document.source.children(of: inner).map { outer($0, in: file, root: document.rootID) }
    }

    package func children(of id: String, partial: @Sendable ([SourceItem]) -> Void) async throws -> [SourceItem] {
        guard let (document, inner, file) = try await document(of: id) else {
            return opening(try await tree.children(of: id) { partial(opening($0)) })
        }
        defer { document.answered() }
        return try await document.source.children(of: inner) { batch in
            partial(batch.map { outer($0, in: file, root: document.rootID) })
        }.map { outer($0, in: file, root: document.rootID) }
    }

    package func children(of id: String, in range: Range<Int>) async throws -> [SourceItem] {
        guard let (document, inner, file) = try await document(of: id) else { return opening(try await tree.children(of: id, in: range)) }
        defer { document.answered() }
        return try await document.source.children(of: inner, in: range).map { outer($0, in: file, root: document.rootID) }
    }

    package func pagedChildren(of id: String) async throws -> PagedChildren? {
        try await pagedChildren(of: id) { _ in }
    }

    package func pagedChildren(of id: String, partial: @Sendable ([SourceItem]) -> Void) async throws -> PagedChildren? {
        guard let (document, inner, file) = try await document(of: id) else {
            guard var paged = try await tree.pagedChildren(of: id, partial: { partial(opening($0)) }) else { return nil }
            paged.first = opening(paged.first)
            return paged
        }
        defer { document.answered() }
        guard document.source.pagesChildren,
              var paged = try await document.source.pagedChildren(of: inner, partial: { batch in
                  partial(batch.map { outer($0, in: file, root: document.rootID) })
              })
        else { return nil }
        paged.first = paged.first.map { outer($0, in: file, root: document.rootID) }
        return paged
    }

    package func position(of childID: String, in parentID: String) async throws -> Int? {
        guard let (document, inner, file) = try await document(of: parentID) else { return try await tree.position(of: childID, in: parentID) }
        let child: String
        switch place(of: childID) {
        case .inside(let nested) where nested.file == file: child = nested.inner
        default: return nil
        }
        return try await document.source.position(of: child, in: inner)
    }

    /// The entries of a listing, the files that open shown as having children (counted when they are opened).
    private func opening(_ items: [SourceItem]) -> [SourceItem] {
        items.map { item in
            guard item.childCount == 0, Self.opens(item.id) else { return item }
            var opened = item
            opened.childCount = nil
            return opened
        }
    }
}
