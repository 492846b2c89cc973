import ArborCore

/// An archive's members read: a member's content (from its place in a zip, by one pass in any other archive, or
/// kept from the listing), a member opened as what it holds, its preview and its place for a command.
extension ArchiveSource {
    /// Up to `limit` bytes of a member's content, read in one pass to it, and whether there is more. A zip's
    /// member is read from its own place in the file (its local header and compressed bytes, read by libarchive).
    func content(of path: String, limit: Int) throws(SourceLoadError) -> (bytes: [UInt8], isCut: Bool) {
        guard let wanted = listing.member(path), wanted.index >= 0 else { return ([], false) }
        if let location = wanted.location { return try ZipMemberContent.read(location, in: self.path, limit: limit) }
        // The member the listing ended on was read with its header: no second pass to it.
        if let last = state.withLock({ $0.last }), last.index == wanted.index {
            return (Array(last.bytes.prefix(limit)), last.bytes.count > limit)
        }
        let reader = try ArchiveReader(path: self.path, bytes: bytes)
        while let member = try reader.next() {
            if member.index == wanted.index { return try reader.content(limit: limit) }
        }
        throw SourceLoadError("\(displayName): member '\(path)' not found again")
    }

    /// A member opened as what it holds, kept among the last few opened.
    func openedMember(_ member: String) async throws -> (source: any HierarchySource, rootID: String) {
        if let kept = opened.withLock({ all -> (any HierarchySource)? in
            guard let place = all.firstIndex(where: { $0.member == member }) else { return nil }
            let entry = all.remove(at: place)
            all.append(entry)
            return entry.source
        }) {
            return (kept, try await kept.root()?.id ?? "")
        }
        let source = try await BlockingWork.run { [self] () throws -> any HierarchySource in
            try ArchiveMemberOpening.open(member, of: self)
        }
        // A member shown from its first part reports when it is whole: what is shown of it is asked again.
        source.capabilities.reporting?.observeChanges { [weak self] _ in
            self?.state.withLock { $0.observer }?(.changed)
        }
        opened.withLock { all in
            all.append((member, source))
            if all.count > Self.keptMembers { all.removeFirst() }
        }
        return (source, try await source.root()?.id ?? "")
    }

    package func preview(of id: String, lines: Int) async throws -> ItemPreview {
        switch try place(of: id) {
        case .top: return ItemPreview.fields(of: try await item(id))
        case .member(let member):
            return try await BlockingWork.run { [self] () throws -> ItemPreview in try ArchiveMemberContent.preview(of: member, in: self, lines: lines) }
        case .inside(let member, let inner):
            return try await openedMember(member).source.itemPreview(of: inner, lines: lines)
        }
    }

    /// A member's path is its id; a file member's file is a private read-only copy, written once when first asked
    /// for (``MemberCopies``); an item inside a member is at its line in that copy.
    package func location(of id: String) async throws -> ItemLocation {
        let member: String
        var line: Int?
        switch try place(of: id) {
        case .top: return ItemLocation(path: id, file: bytes == nil ? path : nil)
        case .member(let path):
            member = path
        case .inside(let path, let inner):
            member = path
            line = try await openedMember(path).source.itemLocation(of: inner).line
        }
        guard let found = listing.member(member), case .file = found.kind, !found.isEncrypted else { return ItemLocation(path: id) }
        let key = self.id(ofMember: member)
        let file = try await BlockingWork.run { [self] () throws -> String in
            try MemberCopies.path(for: key, name: found.name) { () throws(SourceLoadError) in try content(of: member, limit: memberLimit).bytes }
        }
        return ItemLocation(path: id, file: file, line: line)
    }
}
