import ArborCore

/// A member of an archive opened as what it holds: an archive (read from its bytes, never written to disk), or a
/// document in a format Arbor reads from bytes, its strings crossed into as the archive's request says. A large
/// JSON member of a zip is shown from its first part while the rest is decompressed and indexed.
enum ArchiveMemberOpening {
    /// The member opened: from its first part when it is a large JSON member of a zip, whole otherwise.
    static func open(_ member: String, of archive: ArchiveSource) throws(SourceLoadError) -> any HierarchySource {
        if let shown = try firstPart(of: member, in: archive) { return shown }
        return try whole(member, of: archive).hierarchy
    }

    /// The member's content, read whole up to the input ceiling's share, opened.
    static func whole(_ member: String, of archive: ArchiveSource) throws(SourceLoadError) -> OpenedSource {
        let origin = archive.id(ofMember: member)
        if let found = archive.listing.member(member), let refusal = expansionRefusal(of: found, origin: origin) { throw refusal }
        let (bytes, isCut) = try archive.content(of: member, limit: archive.memberLimit)
        if isCut {
            throw SourceLoadError("\(origin): larger than \(ByteSize.text(archive.memberLimit)), the most a member may take (--max-input)")
        }
        if ArchiveKind.namesArchive(member) || ArchiveKind.recognisesArchive(bytes) {
            return OpenedSource(hierarchy: try ArchiveSource(path: member, bytes: bytes, rootID: "", request: archive.request), format: .archive)
        }
        let name = JSONTreeReader.displayName(for: member)
        let format = SourceFormat.byExtension(member) ?? SourceFormat.sniff(bytes)
        guard let kind = SourceKinds.kind(for: format.rawValue), format != .sqlite else {
            throw SourceLoadError("\(origin): not a format Arbor reads from an archive")
        }
        var request = archive.request
        request.path = nil
        request.format = format
        var opened = try kind.open(SourceInput(bytes: bytes, name: name, origin: origin), as: format, request: request)
        if request.crossesInto, SourceOpener.embedsJSON.contains(format) { opened.hierarchy = EmbeddedJSONSource(opened.hierarchy) }
        return opened
    }

    /// The most a zip member is opened expanded from its compressed bytes, past ``expansionCheckedBytes``: real
    /// documents deflate 5 to 50 times, a zip bomb's zeros a thousand.
    static let largestExpansion = 200
    /// The size from which a member's expansion is checked: a small member opens whatever its ratio.
    static let expansionCheckedBytes = 64 << 20

    /// Why a zip member is not opened: it says it expands more than ``largestExpansion`` times past
    /// ``expansionCheckedBytes`` (a zip bomb); nil for any other member.
    static func expansionRefusal(of member: ArchiveMember, origin: String) -> SourceLoadError? {
        guard let compressed = member.location?.compressed, let size = member.size, size > expansionCheckedBytes,
              size / max(1, compressed) > largestExpansion else { return nil }
        return SourceLoadError("\(origin): \(ByteSize.text(Int(size))) expanded from \(ByteSize.text(Int(compressed))) "
            + "(\(size / max(1, compressed))×), more than a document expands (a zip bomb?): not opened; its preview shows its start")
    }

    /// A JSON member of a zip of at least ``SourceOpener/shownFromFirstPart`` bytes: the members of its first
    /// part (decompressed alone, from the member's place in the file), the whole read and indexed after the
    /// frame that shows them, then shown in their place. Nil for any other member (it is read whole).
    private static func firstPart(of member: String, in archive: ArchiveSource) throws(SourceLoadError) -> (any HierarchySource)? {
        guard let found = archive.listing.member(member), found.location != nil, !found.isEncrypted,
              expansionRefusal(of: found, origin: member) == nil,
              let size = found.size, size >= SourceOpener.shownFromFirstPart, size <= archive.memberLimit,
              !ArchiveKind.namesArchive(member)
        else { return nil }
        let (prefix, _) = try archive.content(of: member, limit: JSONDocumentStream.partSize)
        let format = SourceFormat.byExtension(member) ?? SourceFormat.sniff(prefix)
        guard format == .json || format == .document,
              let partial = JSONDocumentStream.partial(prefix, name: JSONTreeReader.displayName(for: member),
                                                       detecting: format == .json, mapping: archive.request.mapping)
        else { return nil }
        let gate = FirstFrameGate(following: archive.request.firstFrame)
        let source = ReopeningSource(partial, path: archive.path, version: SourceFile.version(archive.path) ?? [],
                                     follows: false, firstFrame: gate) { () throws(SourceLoadError) in
            try whole(member, of: archive).hierarchy
        }
        source.complete { () throws(SourceLoadError) in try whole(member, of: archive) }
        gate.openWithNextFrame()
        return archive.request.crossesInto ? EmbeddedJSONSource(source) : source
    }
}
