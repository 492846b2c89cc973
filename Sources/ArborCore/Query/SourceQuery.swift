import ArborPath

/// A JSONPath query over any source: its matches handed on as the walk finds them, or gathered into the tree
/// of matches and the items above them. Runs synchronously: call it from a thread of its own.
public struct SourceQuery: Sendable {
    /// The query.
    public let path: JSONPath
    /// What reads the source.
    public let reader: SourcePathReader

    /// A query of `source`, or of the document it is read as (``QueriedAsDocument``).
    public init(_ path: JSONPath, source: any HierarchySource) {
        self.path = path
        reader = SourcePathReader(source: (source as? any QueriedAsDocument)?.queriedDocument ?? source)
    }

    /// Hands each match on, in the RFC's order, until `body` returns false or `shouldStop` says so; returns
    /// whether the walk went to its end. A source with an index of its own answers from it. A walk that stops
    /// short of its end for a reason other than `body` or `shouldStop` (a source that failed, nesting deeper than
    /// a walk goes) leaves its reason in ``SourcePathReader/failure``. The walk recurses per level: run it on a
    /// ``QueryThread``.
    @discardableResult
    public func forEachMatch(shouldStop: @escaping () -> Bool = { false }, _ body: (QueryMatch) -> Bool) -> Bool {
        do {
            if let indexed = reader.source.capabilities.indexedQuerying, indexed.answersFromIndex {
                return try indexed.forEachQueryMatch(path, shouldStop: shouldStop, body)
            }
            guard let root = SourcePathNode.root(of: reader) else { return true }
            return try path.forEachMatch(in: root, shouldStop: shouldStop) { node, keys in
                body(QueryMatch(itemID: node.itemID, itemTitle: node.itemTitle, path: keys) { node.value })
            }
        } catch let error as JSONPathDepthError {
            reader.fail(SourceError(error.description))
            return false
        } catch {
            reader.fail(error)
            return false
        }
    }

    /// The tree of the matched items; `progress` is handed the tree so far after every `batch` new matches.
    public func answer(batch: Int = 1_000, shouldStop: @escaping () -> Bool = { false }, progress: ((QueryAnswer) -> Void)? = nil) -> QueryAnswer {
        guard let (root, rootItem) = reader.root() else {
            var empty = QueryAnswer(rootID: "")
            empty.isComplete = true
            return empty
        }
        var answer = QueryAnswer(rootID: rootItem.id)
        answer.rootIsVirtual = root.isVirtual
        var sinceProgress = 0
        let finished = forEachMatch(shouldStop: shouldStop) { match in
            let id = match.itemID
            guard !answer.isMatch(id) else { return true }
            var ancestors = id == answer.rootID ? [] : Self.ancestors(of: match, until: answer.contains)
                ?? reader.ancestors(of: id, until: answer.contains)
            // The items at the top of a virtual root have no parent: they hang from the root.
            if id != answer.rootID, ancestors.last.map(answer.contains) != true { ancestors.append(answer.rootID) }
            answer.add(id, ancestors: ancestors)
            sinceProgress += 1
            if sinceProgress >= batch {
                sinceProgress = 0
                progress?(answer)
            }
            return true
        }
        answer.isComplete = finished
        answer.failure = reader.failure?.message
        return answer
    }

    /// A match's ancestors as ``SourcePathReader/ancestors(of:until:)`` gives them, when the match knows them: parent
    /// first, up to the first `isKnown` says the tree holds. Asking the source took a wait on another thread for
    /// each (the browser showed 5,000 matches a second of a query whose walk finds 200,000 in 0.3 s).
    static func ancestors(of match: QueryMatch, until isKnown: (String) -> Bool) -> [String]? {
        guard let all = match.ancestorIDs else { return nil }
        var chain: [String] = []
        for id in all {
            chain.append(id)
            if isKnown(id) { break }
        }
        return chain
    }
}
