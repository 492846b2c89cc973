import ArborCore

/// Turns a list of paths, one a line, into a hierarchy of their segments.
///
/// Leading `./`, repeated and trailing separators, CRLF, empty lines and duplicates are handled. A node listed
/// on a line of its own has that line (its exact bytes) as its id; a directory only implied by deeper paths has
/// its normalized path. Items keep the order in which they first appear.
package struct PathListBuilder: Sendable {
    /// The separator between segments.
    package var separator: UInt8

    /// Creates a builder splitting paths at `separator`.
    package init(separator: UInt8 = UInt8(ascii: "/")) {
        self.separator = separator
    }

    /// Builds the hierarchy; a single first segment is a shown root, several form a virtual root.
    package func hierarchy(from bytes: [UInt8], name: String) -> PathTree {
        var lines = 0
        for byte in bytes where byte == 0x0A { lines += 1 }
        var nodes = PathTreeNodes(inputSize: bytes.count, expected: lines + 1)
        let separator = self.separator
        bytes.withUnsafeBufferPointer { input in
            var path: [(start: Int, length: Int, node: Int32)] = []
            var segments: [(start: Int, length: Int)] = []
            var lineStart = 0
            while lineStart < input.count {
                var lineEnd = lineStart
                while lineEnd < input.count, input[lineEnd] != 0x0A { lineEnd += 1 }
                let next = lineEnd + 1
                if lineEnd > lineStart, input[lineEnd - 1] == 0x0D { lineEnd -= 1 }
                Self.segments(input, lineStart, lineEnd, separator, into: &segments)
                var parent: Int32 = 0
                var shared = true
                for (depth, segment) in segments.enumerated() {
                    if shared, depth < path.count, path[depth].length == segment.length,
                       PathTreeNodes.equal(input, path[depth].start, segment.start, segment.length) {
                        parent = path[depth].node
                        continue
                    }
                    shared = false
                    parent = nodes.child(of: parent, start: segment.start, length: segment.length, in: input)
                    if depth < path.count { path.removeSubrange(depth...) }
                    path.append((segment.start, segment.length, parent))
                }
                if !segments.isEmpty {
                    nodes.list(parent, lineStart: lineStart, length: lineEnd - lineStart)
                    if segments.count < path.count { path.removeSubrange(segments.count...) }
                }
                lineStart = next
            }
        }
        return PathTree(displayName: name, input: bytes, separator: separator, nodes: nodes)
    }

    /// The segments of the line `input[start..<end]`: `./` and empty segments dropped (`.` alone, the start
    /// directory, has none); an absolute path starts with the separator itself.
    static func segments(_ input: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, _ separator: UInt8)
        -> [(start: Int, length: Int)] {
        var segments: [(start: Int, length: Int)] = []
        Self.segments(input, start, end, separator, into: &segments)
        return segments
    }

    private static func segments(_ input: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, _ separator: UInt8,
                                 into segments: inout [(start: Int, length: Int)]) {
        segments.removeAll(keepingCapacity: true)
        if start < end, input[start] == separator { segments.append((start, 1)) }
        var position = start
        var leading = true
        while position < end {
            while position < end, input[position] == separator { position += 1 }
            guard position < end else { break }
            var stop = position
            while stop < end, input[stop] != separator { stop += 1 }
            if !(leading && stop - position == 1 && input[position] == UInt8(ascii: ".")) {
                leading = false
                segments.append((position, stop - position))
            }
            position = stop
        }
    }
}
