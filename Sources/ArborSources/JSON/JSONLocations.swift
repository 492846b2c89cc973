import ArborCore

extension LazyJSONDocument: LocatingItems {
    /// The line where the member's key (or, in an array, its value) is.
    package func location(of id: String) async throws -> ItemLocation {
        let offset: Int
        switch try value(at: id) {
        case .container(0): offset = index.start[0]
        case .container(let container):
            let parent = index.parent[Int(container)]
            let position = Int(index.position(of: container))
            let member = index.members(of: parent, in: position..<(position + 1), bytes: bytes)[0]
            offset = member.key?.lowerBound ?? member.value.lowerBound
        case .scalar(_, let member):
            offset = member.key?.lowerBound ?? member.value.lowerBound
        }
        return ItemLocation(line: LineNumber.of(offset, in: bytes))
    }
}

extension LazyJSONTree: LocatingItems {
    /// The line where the item's object starts.
    package func location(of id: String) async throws -> ItemLocation {
        ItemLocation(line: LineNumber.of(index.start(of: try item(for: id)), in: bytes))
    }
}
