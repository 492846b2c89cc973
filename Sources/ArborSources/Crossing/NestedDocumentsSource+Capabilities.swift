import ArborCore

extension NestedDocumentsSource {
    /// The tree's capabilities, each answered for the files' contents too.
    package var capabilities: SourceCapabilities {
        SourceCapabilities(hiddenEntries: self, countsInBackground: true, readsAhead: true, reporting: self, watching: self,
                           previewing: self, locating: self)
    }

    package func setShowsHidden(_ shows: Bool) -> Bool {
        tree.setShowsHidden(shows)
    }

    /// The tree's changes, and a file shown inside rewritten: the directory holding it reports a change, and what
    /// is shown of the file is read again from the new version.
    package func observeChanges(_ report: @escaping @Sendable (SourceChange) -> Void) {
        relay.observe(report)
        let documents = documents
        tree.observeChanges { change in
            report(change)
            guard case .childrenChanged(let directory) = change else { return }
            let prefix = FileSystemSource.prefix(Array(directory.utf8))
            let inside = documents.paths.filter { path in
                let bytes = Array(path.utf8)
                return bytes.starts(with: prefix) && !bytes[prefix.count...].contains(UInt8(ascii: "/"))
            }
            if !documents.dropChanged(among: inside).isEmpty { report(.changed) }
        }
    }

    /// Watches the directories shown, and keeps only the files with a list on screen opened.
    package func watch(_ ids: Set<String>) {
        var files: Set<String> = []
        var entries: Set<String> = []
        for id in ids {
            switch place(of: id) {
            case .entry(let path): entries.insert(path)
            case .file(let path): files.insert(path)
            case .inside(let nested): files.insert(nested.file)
            }
        }
        documents.keepOnly(files)
        tree.watch(entries)
    }

    package func preview(of id: String, lines: Int) async throws -> ItemPreview {
        guard case .inside(let nested) = place(of: id) else { return try await tree.preview(of: id, lines: lines) }
        return try await documents.document(at: nested.file).source.itemPreview(of: nested.inner, lines: lines)
    }

    /// Inside a file: the item's id as its path, the file, and the item's line in it when its source knows it.
    package func location(of id: String) async throws -> ItemLocation {
        guard case .inside(let nested) = place(of: id) else { return try await tree.location(of: id) }
        let inner = try await documents.document(at: nested.file).source.itemLocation(of: nested.inner)
        return ItemLocation(path: id, file: nested.file, line: inner.line)
    }

    /// A find reads a directory from its names alone unless it holds files that open, which it then lists as the
    /// columns do, so that the walk goes on into them.
    package func searchPage(ofChildrenOf id: String, in range: Range<Int>?, fields: SearchFields, into page: inout SearchPage) async throws {
        if case .entry(let path) = place(of: id) {
            let listing = try tree.listing(of: path)
            let positions = (range ?? 0..<listing.count).clamped(to: 0..<listing.count)
            if !positions.contains(where: { !listing.isDirectory(at: $0) && Self.opensByName(listing.name(at: $0)) }) {
                return try await tree.searchPage(ofChildrenOf: path, in: range, fields: fields, into: &page)
            }
        }
        let children: [SourceItem]
        if let range { children = try await self.children(of: id, in: range) } else { children = try await self.children(of: id) }
        page.append(contentsOf: fields.entries(of: children))
    }

    package func searchEntries(ofChildrenOf id: String, in range: Range<Int>?, fields: SearchFields) async throws -> [SearchEntry] {
        var page = SearchPage()
        try await searchPage(ofChildrenOf: id, in: range, fields: fields, into: &page)
        return page.entries
    }
}
