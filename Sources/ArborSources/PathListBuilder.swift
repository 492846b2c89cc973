import ArborCore

/// Turns a list of paths, one a line, into a hierarchy of their segments.
///
/// Leading `./`, repeated and trailing separators, CRLF, empty lines and duplicates are handled. A node listed
/// on a line of its own has that line (its exact bytes) as its id; a directory only implied by deeper paths has
/// its normalized path. Items keep the order in which they first appear.
public struct PathListBuilder: Sendable {
    /// The separator between segments.
    public var separator: UInt8

    /// Creates a builder splitting paths at `separator`.
    public init(separator: UInt8 = UInt8(ascii: "/")) {
        self.separator = separator
    }

    /// Builds the hierarchy; a single first segment is a shown root, several form a virtual root.
    public func hierarchy(from bytes: [UInt8], name: String) -> StaticHierarchy {
        var nodes: [StaticHierarchy.Node] = [StaticHierarchy.Node(id: "", content: ItemContent(title: name))]
        var childIndex: [ChildKey: Int32] = [:]
        var listed: [Bool] = [true]
        var normalizedPaths: [[UInt8]] = [[]]
        let allLines = lines(of: bytes)
        childIndex.reserveCapacity(allLines.count)
        nodes.reserveCapacity(allLines.count + 1)
        var previous: [(segment: ArraySlice<UInt8>, node: Int32)] = []
        for line in allLines {
            let segments = self.segments(of: line)
            guard !segments.isEmpty else { continue }
            var parent: Int32 = 0
            var sharesPrevious = true
            for (depth, segment) in segments.enumerated() {
                sharesPrevious = sharesPrevious && depth < previous.count && previous[depth].segment == segment
                if sharesPrevious {
                    parent = previous[depth].node
                    continue
                }
                if depth < previous.count { previous.removeSubrange(depth...) }
                defer { previous.append((segment, parent)) }
                let key = ChildKey(parent: parent, segment: segment)
                if let existing = childIndex[key] {
                    parent = existing
                } else {
                    let index = Int32(nodes.count)
                    var path = normalizedPaths[Int(parent)]
                    if depth > 0, path != [separator] { path.append(separator) }
                    path.append(contentsOf: segment)
                    let title = LosslessText.decode(segment)
                    nodes.append(StaticHierarchy.Node(
                        id: LosslessText.decode(path), content: ItemContent(title: title), parent: parent))
                    listed.append(false)
                    normalizedPaths.append(path)
                    nodes[Int(parent)].children.append(index)
                    childIndex[key] = index
                    parent = index
                }
            }
            if !listed[Int(parent)] {
                listed[Int(parent)] = true
                nodes[Int(parent)].id = LosslessText.decode(line)
            }
        }
        let top = nodes[0].children
        if top.count == 1, !nodes[Int(top[0])].children.isEmpty {
            nodes[Int(top[0])].parent = -1
            return StaticHierarchy(displayName: name, nodes: nodes, rootIndex: top[0], rootIsVirtual: false)
        }
        return StaticHierarchy(displayName: name, nodes: nodes, rootIndex: 0, rootIsVirtual: true)
    }

    /// A node's segment under its parent; hashed as one block of bytes, not byte by byte.
    private struct ChildKey: Hashable {
        var parent: Int32
        var segment: ArraySlice<UInt8>

        func hash(into hasher: inout Hasher) {
            hasher.combine(parent)
            segment.withUnsafeBytes { hasher.combine(bytes: $0) }
        }
    }

    /// The lines of the input, without line ends (LF or CRLF).
    func lines(of bytes: [UInt8]) -> [ArraySlice<UInt8>] {
        var result: [ArraySlice<UInt8>] = []
        var start = 0
        for index in bytes.indices where bytes[index] == UInt8(ascii: "\n") {
            result.append(trimmingCR(bytes[start..<index]))
            start = index + 1
        }
        if start < bytes.count { result.append(trimmingCR(bytes[start...])) }
        return result
    }

    private func trimmingCR(_ line: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        line.last == UInt8(ascii: "\r") ? line.dropLast() : line
    }

    /// The segments of a path: `./` and empty segments dropped (`.` alone, the start directory, has none); an
    /// absolute path starts with the separator itself.
    func segments(of line: ArraySlice<UInt8>) -> [ArraySlice<UInt8>] {
        var parts = line.split(separator: separator, omittingEmptySubsequences: true)
        while let first = parts.first, first.elementsEqual([UInt8(ascii: ".")]) {
            parts.removeFirst()
        }
        if line.first == separator {
            let start = line.startIndex
            return [line[start..<(start + 1)]] + parts
        }
        return parts
    }
}
