import ArborCore

/// Turns a table of `id, parent` rows into a hierarchy. Rows with an empty parent are top-level items.
///
/// Problems (ragged rows, repeated ids, parents that do not exist, cycles) are reported with line numbers, and
/// the rows they concern stay browsable under a group at the top level.
package struct AdjacencyTableBuilder: Sendable {
    /// Which columns feed which part of an item; `id` and `parent` name the adjacency columns.
    package var mapping: FieldMapping

    /// Creates a builder.
    package init(mapping: FieldMapping = FieldMapping()) {
        self.mapping = mapping
    }

    /// The hierarchy and the problems found, each starting with `line N:`.
    package func hierarchy(from table: DelimitedTable, name: String) throws(SourceLoadError)
        -> (hierarchy: StaticHierarchy, problems: [String])
    {
        guard let header = table.rows.first else { throw SourceLoadError("the table is empty (no header row)") }
        let columns = header.fields
        let idColumn = mapping.id.lazy.compactMap({ columns.firstIndex(of: $0) }).first
        guard idColumn != nil || mapping.numbersRowsWithoutID else {
            throw SourceLoadError("line \(header.line): no id column '\(mapping.id.joined(separator: "' or '"))' "
                + "(columns: \(columns.joined(separator: ", "))); name it with --id")
        }
        let parentColumn = idColumn == nil ? nil : mapping.parent.lazy.compactMap { columns.firstIndex(of: $0) }.first
        var problems: [String] = []
        var nodes: [StaticHierarchy.Node] = [StaticHierarchy.Node(id: "", content: ItemContent(title: name))]
        var lines: [Int] = [0]
        var parents: [String?] = [nil]
        var indexByID: [String: Int32] = ["": 0]
        var misplaced: [Int32] = []
        for row in table.rows.dropFirst() {
            var values = row.fields
            // Fields past the header's are kept, named by their place (`column 4`), not dropped.
            var extra: [ItemField] = []
            if values.count != columns.count {
                problems.append("line \(row.line): \(values.count) fields, the header has \(columns.count)")
                extra = values.dropFirst(columns.count).enumerated().map { ItemField(name: "column \(columns.count + $0.offset + 1)", value: $0.element) }
                values = Array(values.prefix(columns.count)) + Array(repeating: "", count: max(0, columns.count - values.count))
            }
            // Without an id column a row's id is its number under the header.
            var id = idColumn.map { values[$0] } ?? String(nodes.count)
            let index = Int32(nodes.count)
            if let existing = indexByID[id] {
                problems.append(existing == 0 ? "line \(row.line): empty id"
                    : "line \(row.line): id '\(id)' is already on line \(lines[Int(existing)])")
                id = uniqueID(id.isEmpty ? "line \(row.line)" : "\(id) (line \(row.line))", in: indexByID)
                misplaced.append(index)
            }
            indexByID[id] = index
            let fields = zip(columns, values).map { ItemField(name: $0, value: $1) } + extra
            let title = idColumn == nil ? values.first { !$0.isEmpty } ?? id : id
            nodes.append(StaticHierarchy.Node(id: id, content: mapping.content(from: fields, fallbackTitle: title)))
            lines.append(row.line)
            let parent = parentColumn.map { values[$0] } ?? ""
            parents.append(parent.isEmpty ? nil : parent)
        }
        var placed = Array(repeating: false, count: nodes.count)
        for index in misplaced { placed[Int(index)] = true }
        for index in 1..<Int32(nodes.count) where !placed[Int(index)] {
            guard let parentID = parents[Int(index)] else { continue }
            guard let parent = indexByID[parentID], parent != 0 else {
                problems.append("line \(lines[Int(index)]): parent '\(parentID)' of '\(nodes[Int(index)].id)' does not exist")
                misplaced.append(index)
                placed[Int(index)] = true
                continue
            }
            nodes[Int(index)].parent = parent
            nodes[Int(parent)].children.append(index)
        }
        for index in 1..<Int32(nodes.count) where !placed[Int(index)] && parents[Int(index)] == nil {
            nodes[0].children.append(index)
            nodes[Int(index)].parent = 0
        }
        for index in unreachable(nodes) {
            problems.append("line \(lines[Int(index)]): '\(nodes[Int(index)].id)' is in a cycle of parents")
            let parent = nodes[Int(index)].parent
            nodes[Int(parent)].children.removeAll { $0 == index }
            misplaced.append(index)
        }
        if !misplaced.isEmpty {
            let group = Int32(nodes.count)
            let title = misplaced.count == 1 ? "⚠ 1 row with a problem" : "⚠ \(misplaced.count) rows with problems"
            nodes.append(StaticHierarchy.Node(
                id: uniqueID("problems", in: indexByID), content: ItemContent(title: title, subtitle: "see stderr"),
                children: misplaced.sorted(), parent: 0))
            for index in misplaced { nodes[Int(index)].parent = group }
            nodes[0].children.insert(group, at: 0)
        }
        for index in nodes.indices where nodes[index].parent == 0 { nodes[index].parent = -1 }
        let top = nodes[0].children
        let single = top.count == 1 && !nodes[Int(top[0])].children.isEmpty
        return (StaticHierarchy(displayName: name, nodes: nodes, rootIndex: single ? top[0] : 0, rootIsVirtual: !single),
                problems.sorted { lineNumber($0) < lineNumber($1) })
    }

    /// The rows not reachable from the top level: those in a cycle of parents and those below one.
    private func unreachable(_ nodes: [StaticHierarchy.Node]) -> [Int32] {
        var reached = Array(repeating: false, count: nodes.count)
        var stack: [Int32] = [0]
        while let index = stack.popLast() {
            reached[Int(index)] = true
            stack += nodes[Int(index)].children
        }
        return (1..<Int32(nodes.count)).filter { !reached[Int($0)] && nodes[Int($0)].parent > 0 && isInCycle($0, nodes) }
    }

    private func isInCycle(_ start: Int32, _ nodes: [StaticHierarchy.Node]) -> Bool {
        var seen: Set<Int32> = []
        var current = start
        while current > 0, seen.insert(current).inserted { current = nodes[Int(current)].parent }
        return current == start
    }

    private func uniqueID(_ base: String, in used: [String: Int32]) -> String {
        var candidate = base
        var suffix = 2
        while used[candidate] != nil {
            candidate = "\(base) #\(suffix)"
            suffix += 1
        }
        return candidate
    }

    private func lineNumber(_ problem: String) -> Int {
        Int(problem.dropFirst(5).prefix { $0.isNumber }) ?? 0
    }
}
