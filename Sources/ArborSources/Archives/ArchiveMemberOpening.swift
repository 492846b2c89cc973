import ArborCore

/// A member of an archive opened as what it holds: an archive (read from its bytes, never written to disk), or a
/// document in a format Arbor reads from bytes, its strings crossed into as the archive's request says.
enum ArchiveMemberOpening {
    /// The member's content, read whole up to the input ceiling's share, opened.
    static func open(_ member: String, of archive: ArchiveSource) throws(SourceLoadError) -> any HierarchySource {
        let origin = archive.id(ofMember: member)
        let (bytes, isCut) = try archive.content(of: member, limit: archive.memberLimit)
        if isCut {
            throw SourceLoadError("\(origin): larger than \(ByteSize.text(archive.memberLimit)), the most a member may take (--max-input)")
        }
        if ArchiveKind.namesArchive(member) || ArchiveKind.recognisesArchive(bytes) {
            return try ArchiveSource(path: member, bytes: bytes, rootID: "", request: archive.request)
        }
        let name = JSONTreeReader.displayName(for: member)
        let format = SourceFormat.byExtension(member) ?? SourceFormat.sniff(bytes)
        guard let kind = SourceKinds.kind(for: format.rawValue), format != .sqlite else {
            throw SourceLoadError("\(origin): not a format Arbor reads from an archive")
        }
        var request = archive.request
        request.path = nil
        request.format = format
        let opened = try kind.open(SourceInput(bytes: bytes, name: name, origin: origin), as: format, request: request)
        if request.crossesInto, SourceOpener.embedsJSON.contains(format) { return EmbeddedJSONSource(opened.hierarchy) }
        return opened.hierarchy
    }
}
