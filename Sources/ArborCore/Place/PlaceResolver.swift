/// Finds a place the user names: an item's id (a JSON pointer in a document, a path in a directory or a
/// path list), or a path of titles from the top separated by `/` (``TitlePath``: `\/` is a `/` inside a title),
/// each title matched exactly, then ignoring case, then as the only title starting with it.
struct PlaceResolver {
    let source: any HierarchySource

    /// The ids from the top down to the place `text` names.
    func path(to text: String) async throws -> [String] {
        if let ids = try? await path(toID: text) { return ids }
        return try await walk(segments(of: text)).ids
    }

    /// The text completed as far as the children of the place before its last segment allow, and the titles
    /// that could complete it (at most `limit`).
    func complete(_ text: String, limit: Int = 8) async throws -> PlaceCompletion {
        var parts = segments(of: text)
        let partial = (text.hasSuffix("/") && !text.hasSuffix("\\/")) || parts.isEmpty ? "" : parts.removeLast()
        let (_, parentID) = try await walk(parts)
        let titles = try await source.children(of: parentID).map(\.content.title)
        let candidates = titles.filter { $0.lowercased().hasPrefix(partial.lowercased()) }
        let prefix = parts.map { TitlePath.escaped($0) + "/" }.joined()
        guard let first = candidates.first else { return PlaceCompletion(text: text, candidates: []) }
        if candidates.count == 1 { return PlaceCompletion(text: prefix + TitlePath.escaped(first) + "/", candidates: candidates) }
        var common = Array(first)
        for candidate in candidates.dropFirst() {
            common = Array(zip(common, candidate).prefix { $0.lowercased() == $1.lowercased() }.map(\.0))
        }
        let completed = common.count > partial.count ? String(common) : partial
        return PlaceCompletion(text: prefix + TitlePath.escaped(completed), candidates: Array(candidates.prefix(limit)))
    }

    private func segments(of text: String) -> [String] {
        TitlePath.titles(text)
    }

    /// The ids from the top down to an item named by its id, through its parents.
    private func path(toID id: String) async throws -> [String] {
        guard let root = try await source.root() else { throw SourceError("the hierarchy is empty") }
        _ = try await source.item(id)
        var ids = [id]
        var node = id
        while node != root.id, let parent = try await source.parentID(of: node) {
            ids.append(parent)
            node = parent
        }
        if root.isVirtual, ids.last == root.id { ids.removeLast() }
        return ids.reversed()
    }

    /// Follows a path of titles from the top: the ids it names and the id of its last item (the root's for none).
    private func walk(_ titles: [String]) async throws -> (ids: [String], last: String) {
        guard let root = try await source.root() else { throw SourceError("the hierarchy is empty") }
        var ids: [String] = []
        var parentID = root.id
        var rest = ArraySlice(titles)
        if !root.isVirtual {
            ids = [root.id]
            if let first = rest.first, try await source.item(root.id).content.title.lowercased() == first.lowercased() {
                rest = rest.dropFirst()
            }
        }
        for title in rest {
            let children = try await source.children(of: parentID)
            let lowered = title.lowercased()
            let prefixed = children.filter { $0.content.title.lowercased().hasPrefix(lowered) }
            guard let child = children.first(where: { $0.content.title == title })
                ?? children.first(where: { $0.content.title.lowercased() == lowered })
                ?? (prefixed.count == 1 ? prefixed[0] : nil)
            else { throw SourceError("no item '\(title)' there (\(prefixed.count) start with it)") }
            ids.append(child.id)
            parentID = child.id
        }
        return (ids, parentID)
    }
}

/// A place's text completed from the children of the place before its last segment.
package struct PlaceCompletion: Sendable, Hashable {
    /// The completed text.
    package var text: String
    /// The titles that could follow, at most a few.
    package var candidates: [String]

    /// Creates a completion.
    package init(text: String, candidates: [String]) {
        self.text = text
        self.candidates = candidates
    }
}
