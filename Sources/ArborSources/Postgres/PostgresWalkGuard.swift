/// What keeps a recursive walk down a table (`arbor_walk w`, the next rows `c`) from going round a cycle in
/// its parent column, as the fragments of SQL the walk's two halves and its join take.
///
/// Paths only grow, so a path table needs nothing. When ids are unique each row has one parent, and a row
/// reached from the start has the start among its ancestors: a cycle can only pass through the start, so the
/// walk stops at the start's row when it meets it again (from the top rows, whose parent is empty, no cycle
/// is reachable). Without a unique id, each row carries the ids of its route and a row already on it ends
/// the path. Either way a walk that begins with the start's row does not list it again, and one that begins
/// with its children lists it once, as a descendant of its own, and goes no further.
struct PostgresWalkGuard {
    /// Added to the first half's select list.
    var first = ""
    /// Added to the recursive half's select list.
    var next = ""
    /// Added to the recursive half's join condition.
    var join = ""

    /// The guard for a walk down `shape` from the row `start` (nil: from the top rows) or, `belowStart`, from
    /// its children; its value appended to `values` when it takes one.
    init(_ shape: PostgresShape, from start: String?, belowStart: Bool, _ values: inout [String?]) {
        guard case .adjacency = shape.kind else { return }
        guard shape.idIsUnique else {
            first = ", ARRAY[c.\(shape.id)] AS arbor_route"
            next = ", w.arbor_route || c.\(shape.id)"
            join = " AND c.\(shape.id) <> ALL(w.arbor_route)"
            return
        }
        guard let start, !start.isEmpty else { return }
        values.append(start)
        join = " AND \(belowStart ? "w" : "c").\(shape.id) <> $\(values.count)"
    }
}
