import Synchronization

/// The walk of a query whose first segment is a descendant one, the containers below the root cut into parts
/// that several threads walk at once; each part's matches are gathered, and handed on in order by the lead
/// thread (the caller's), which walks parts itself while the next one to hand on is not ready.
@usableFromInline
final class SplitWalk<Node: PartitionedPathNode>: @unchecked Sendable {
    /// What one part found.
    @usableFromInline
    struct Outcome: Sendable {
        @usableFromInline var matches: [(node: Node, path: [PathKey])] = []
        @usableFromInline var tooDeep = false

        @usableFromInline init() {}
    }

    @usableFromInline let root: Node
    /// The query as written: each thread walks a copy parsed from it, since threads that share the query's
    /// storage slow each other down counting references to it.
    @usableFromInline let expression: String
    /// The query's segments, walked by a thread whose copy could not be made.
    @usableFromInline let segments: [PathSegment]
    @usableFromInline let parts: [SplitPart]
    @usableFromInline let schedule: PartSchedule
    /// The outcomes of the parts walked and not yet handed on, by part.
    @usableFromInline let outcomes = Mutex<[Int: Outcome]>([:])

    @inlinable
    init(root: Node, query: JSONPath, plan: SplitWalkPlan) {
        self.root = root
        expression = query.expression
        segments = query.segments
        parts = plan.parts(below: root, slicing: query.segments.first?.selectors.soleFilter != nil)
        schedule = PartSchedule(count: parts.count, ahead: plan.ahead, held: plan.held)
    }

    /// One thread's means to walk parts: an evaluator, stopped when the walk is, and its own copy of the query.
    @usableFromInline
    struct Walker {
        @usableFromInline let evaluator: PathEvaluator<Node>
        @usableFromInline let selectors: [PathSelector]
        @usableFromInline let rest: ArraySlice<PathSegment>

        @inlinable
        init(evaluator: PathEvaluator<Node>, selectors: [PathSelector], rest: ArraySlice<PathSegment>) {
            (self.evaluator, self.selectors, self.rest) = (evaluator, selectors, rest)
        }
    }

    @inlinable
    func walker(stoppingAlso shouldStop: @escaping () -> Bool = { false }) -> Walker {
        let schedule = schedule
        let evaluator = PathEvaluator(root: root, regexes: RegexCache()) { shouldStop() || schedule.isStopped }
        // The walk is inside the descendant segment, one level down, as a walk of the whole query would be.
        evaluator.depth = 1
        let segments = (try? JSONPath(String(decoding: Array(expression.utf8), as: UTF8.self)))?.segments ?? segments
        return Walker(evaluator: evaluator, selectors: segments[0].selectors, rest: segments.dropFirst())
    }

    /// Walks part `part`, keeping its matches for the lead to hand on.
    @inlinable
    func walk(_ part: Int, with walker: Walker) {
        var path: PathEvaluator<Node>.Path = []
        var outcome = Outcome()
        let (evaluator, rest) = (walker.evaluator, walker.rest)
        let visit: PathEvaluator<Node>.Visit = { node, nodePath in
            evaluator.select(rest, from: node, path: &nodePath) { match, matchPath in
                outcome.matches.append((match, evaluator.keys(matchPath)))
                return true
            }
        }
        switch parts[part] {
        case .containers(let positions):
            _ = evaluator.descend(walker.selectors, below: root, at: positions, path: &path, visit)
        case .members(let position, let members):
            guard let expression = walker.selectors.soleFilter else { break }
            _ = evaluator.filter(expression, below: root, at: position, members: members, path: &path, visit)
        }
        outcome.tooDeep = evaluator.tooDeep
        let matches = outcome.matches.count
        outcomes.withLock { $0[part] = outcome }
        schedule.finished(part, matches: matches)
    }

    /// A helper thread's work: parts walked until none is left.
    @inlinable
    func help() {
        let walker = walker()
        while let part = schedule.take() { walk(part, with: walker) }
    }

    /// The lead thread's work: parts' matches handed on to `body` in order, parts walked while waiting for the
    /// next; whether every match was handed on, or the walk went deeper than it may.
    @inlinable
    func lead(shouldStop: @escaping () -> Bool, _ body: (Node, [PathKey]) -> Bool) -> (finished: Bool, tooDeep: Bool) {
        let walker = walker(stoppingAlso: shouldStop)
        while true {
            switch schedule.leadStep() {
            case .done:
                return (!schedule.isStopped, false)
            case .walk(let part):
                walk(part, with: walker)
            case .handOn(let part):
                let outcome = outcomes.withLock { $0.removeValue(forKey: part) } ?? Outcome()
                for match in outcome.matches where !body(match.node, match.path) {
                    schedule.stop()
                    return (false, false)
                }
                if outcome.tooDeep {
                    schedule.stop()
                    return (false, true)
                }
                if shouldStop() {
                    schedule.stop()
                    return (false, false)
                }
                schedule.handedOnNext(matches: outcome.matches.count)
            }
        }
    }
}

extension JSONPath {
    /// Hands each match and its path to `body` in order, as ``forEachMatch(in:shouldStop:_:)`` does; when the
    /// query starts with a descendant segment, the containers below the root are walked in parts by this
    /// thread and up to `helpers` more (`start` starts them), each part's matches handed on here, in order.
    @inlinable @discardableResult
    public func forEachMatch<Node: PartitionedPathNode>(
        in root: Node,
        helpers: Int,
        plan: SplitWalkPlan = SplitWalkPlan(),
        start: HelperStarter,
        shouldStop: @escaping () -> Bool = { false },
        _ body: (Node, [PathKey]) -> Bool
    ) throws(JSONPathDepthError) -> Bool {
        guard helpers > 0, let first = segments.first, first.isDescendant, root.descendantContainerCount >= plan.smallest else {
            return try forEachMatch(in: root, shouldStop: shouldStop, body)
        }
        // The root's own part of the descendant segment comes first, walked here.
        let evaluator = PathEvaluator(root: root, regexes: RegexCache(), shouldStop: shouldStop)
        evaluator.depth = 1
        var path: PathEvaluator<Node>.Path = []
        let rest = segments.dropFirst()
        let rootFinished = evaluator.tick() && evaluator.apply(first.selectors, to: root, path: &path) { child, childPath in
            evaluator.select(rest, from: child, path: &childPath) { node, nodePath in body(node, evaluator.keys(nodePath)) }
        }
        if evaluator.tooDeep { throw JSONPathDepthError() }
        guard rootFinished, !evaluator.stopped else { return false }
        let walk = SplitWalk(root: root, query: self, plan: plan)
        let waitForHelpers = start(helpers) { walk.help() }
        let outcome = walk.lead(shouldStop: shouldStop, body)
        walk.schedule.stop()
        waitForHelpers()
        if outcome.tooDeep { throw JSONPathDepthError() }
        return outcome.finished
    }
}
