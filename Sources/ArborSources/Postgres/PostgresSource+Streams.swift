import ArborCore

/// The headless questions asked of the server as recursive statements whose rows are handed over as they
/// come: nothing of the table is loaded first, and the memory used stays flat however many rows follow.
extension PostgresSource: StreamingQueries {
    package func streamRelatives(_ relation: StreamedRelation, of id: String, titlePaths: Bool,
                                each: (SourceItem, [String]) throws -> Bool) throws -> Bool {
        guard let line = try lineage(of: id) else { return false }
        let titles = line.map(\.content.title).reversed() as [String]
        switch relation {
        case .ancestors:
            for (step, ancestor) in line.enumerated().dropFirst() where !(try each(ancestor, Array(titles.dropLast(step)))) { break }
        case .descendants:
            try streamDescendants(of: id, titles: titlePaths ? titles : nil, each: each)
        case .siblings:
            var values: [String?] = []
            let parent = line.count > 1 ? line[1].id : ""
            guard id != start else { return true }
            let condition = shape.childOf(parent, &values)
            values.append(id)
            let above = titlePaths ? Array(titles.dropLast()) : []
            try stream("SELECT * FROM \(shape.table) WHERE \(condition) AND NOT \(shape.isItem("$\(values.count)")) "
                + "ORDER BY \(shape.ordering(descending: false))", values) { rows in
                let sibling = item(of: rows.rows[0], columns: rows.columns)
                return try each(sibling, titlePaths ? above + [sibling.content.title] : [])
            }
        }
        return true
    }

    package func streamTree(depth: Int?, each: (StreamedTreeRow) throws -> Bool) throws {
        var values: [String?] = []
        let top: String
        if let start {
            values.append(start)
            top = shape.isItem("$1")
        } else {
            top = shape.childOf("", &values)
        }
        let order = shape.keys.map { "c.\($0)" }.joined(separator: ", ")
        let guarded = PostgresWalkGuard(shape, from: start, belowStart: false, &values)
        // SEARCH and CYCLE do not combine with window functions (PostgreSQL 15), so the route is built here.
        let sql = """
            WITH RECURSIVE arbor_walk AS (
              SELECT c.*, 0 AS arbor_level, count(*) OVER () = row_number() OVER (ORDER BY \(order)) AS arbor_last,
                ARRAY[ROW(\(order))] AS arbor_order\(guarded.first)
                FROM \(shape.table) c WHERE \(top)
              UNION ALL
              SELECT c.*, w.arbor_level + 1, count(*) OVER (PARTITION BY w.\(shape.id))
                = row_number() OVER (PARTITION BY w.\(shape.id) ORDER BY \(order)),
                w.arbor_order || ROW(\(order))\(guarded.next)
                FROM arbor_walk w JOIN \(shape.table) c ON \(shape.childJoin(child: "c", parent: "w"))\(guarded.join)
                \(depth.map { "WHERE w.arbor_level < \($0)" } ?? "")
            )
            SELECT \(shape.columns(of: "w")), w.arbor_level, w.arbor_last FROM arbor_walk w ORDER BY w.arbor_order
            """
        let level = table.columns.count
        try stream(sql, values) { rows in
            let row = rows.rows[0]
            return try each(StreamedTreeRow(item: item(of: row, columns: rows.columns),
                                            level: row[level].flatMap { Int($0) } ?? 0, isLast: row[level + 1] == "t"))
        }
    }

    /// The item and its ancestors, nearest first, up to the start item; nil when no such item is below it.
    private func lineage(of id: String) throws -> [SourceItem]? {
        let sql = """
            WITH RECURSIVE arbor_up AS (
              SELECT c.*, 0 AS arbor_step FROM \(shape.table) c WHERE \(shape.isItem("$1"))
              UNION ALL
              SELECT p.*, u.arbor_step + 1 FROM arbor_up u JOIN \(shape.table) p ON \(shape.childJoin(child: "u", parent: "p"))
            ) CYCLE \(shape.id) SET arbor_cycle USING arbor_route
            SELECT * FROM arbor_up WHERE NOT arbor_cycle ORDER BY arbor_step
            """
        var line: [SourceItem] = []
        try stream(sql, [id], valueMayNotFit: true) { rows in
            line.append(item(of: rows.rows[0], columns: rows.columns))
            return line.last?.id != start
        }
        if line.isEmpty || (start != nil && line.last?.id != start) { return nil }
        return line
    }

    /// The descendants of `id`, level by level as the server finds them, each with its titles when asked.
    private func streamDescendants(of id: String, titles: [String]?, each: (SourceItem, [String]) throws -> Bool) throws {
        var values: [String?] = []
        let condition = shape.childOf(id, &values)
        let carried = titles.map { _ in (", ARRAY[\(shape.title(of: "c"))] AS arbor_titles", ", w.arbor_titles || \(shape.title(of: "c"))") }
        let guarded = PostgresWalkGuard(shape, from: id, belowStart: true, &values)
        let sql = """
            WITH RECURSIVE arbor_walk AS (
              SELECT c.*, 1 AS arbor_level\(carried?.0 ?? "")\(guarded.first)
                FROM \(shape.table) c WHERE \(condition)
              UNION ALL
              SELECT c.*, w.arbor_level + 1\(carried?.1 ?? "")\(guarded.next)
                FROM arbor_walk w JOIN \(shape.table) c ON \(shape.childJoin(child: "c", parent: "w"))\(guarded.join)
            )
            SELECT \(shape.columns(of: "w")), w.arbor_level\(titles == nil ? "" : ", w.arbor_titles") FROM arbor_walk w
            """
        let carriedColumn = table.columns.count + 1
        try stream(sql, values) { rows in
            let row = rows.rows[0]
            let path = titles.map { $0 + PostgresArray.texts(row[carriedColumn] ?? "{}") } ?? []
            return try each(item(of: row, columns: rows.columns), path)
        }
    }
}
