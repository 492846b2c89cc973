import CYAMLEvents

/// The documents of a YAML stream as composed from the parser's events: nodes by index, an alias being a node of its
/// own that names the node its anchor marked (so the graph holds no copies and no cycles).
struct YAMLGraph {
    /// One scalar, sequence, mapping or alias; a mapping's children alternate key and value.
    struct Node {
        var kind: JSONDocument.Kind
        var text: String
        var children: [Int32] = []
        /// The anchor it is marked with (`&name`).
        var anchor: String? = nil
        /// Its tag, whole (`tag:yaml.org,2002:binary`, `!Ref`).
        var tag: String? = nil
        /// For an alias (`*name`), the node its anchor marked; -1 for any other node.
        var aliasOf: Int32 = -1
        /// Where it starts and ends: lines and columns in characters, from 0.
        var start = Mark()
        var end = Mark()
    }

    /// A place in the text: a line and a column in characters, from 0, and its byte when known (else -1).
    struct Mark: Equatable {
        var line: Int32 = 0
        var column: Int32 = 0
        var offset = -1

        init() {}

        init(_ mark: arbor_yaml_mark) {
            line = Int32(clamping: mark.line)
            column = Int32(clamping: mark.column)
            offset = Int(mark.offset)
        }
    }

    /// Where the parser or the composer stopped: a place (line and column from 1) when there is one.
    struct Failure: Error {
        let place: (line: Int, column: Int)?
        let problem: String
    }

    private(set) var nodes: [Node] = []
    /// The top node of each document, in order.
    private(set) var documents: [Int32] = []

    /// The deepest nesting composed.
    static let depthLimit = 10_000

    /// Composes every document of `bytes`.
    init(_ bytes: [UInt8]) throws(Failure) {
        self = try YAMLEventParser.parse(bytes) { (parser: inout YAMLEventParser) throws(Failure) in
            var graph = YAMLGraph()
            try graph.compose(&parser)
            return graph
        }
    }

    private init() {}

    private mutating func compose(_ parser: inout YAMLEventParser) throws(Failure) {
        var anchors: [String: Int32] = [:]
        var open: [(node: Int32, anchor: String?)] = []
        while true {
            let event = try parser.next()
            let place = (line: Int(event.start.line) + 1, column: Int(event.start.column) + 1)
            switch event.type {
            case ARBOR_YAML_STREAM_END:
                return
            case ARBOR_YAML_DOCUMENT_START:
                anchors = [:]
            case ARBOR_YAML_SCALAR:
                let text = String(decoding: event.text, as: UTF8.self)
                let tag = YAMLEventParser.text(event.tag)
                let kind: JSONDocument.Kind
                if let tag {
                    kind = YAMLScalarKind.of(tag: tag)
                } else {
                    kind = event.plain == 1 ? YAMLScalarKind.of(text) : .string
                }
                let anchor = YAMLEventParser.text(event.anchor)
                let index = add(Node(kind: kind, text: text, anchor: anchor, tag: tag,
                                     start: Mark(event.start), end: Mark(event.end)), under: open.last?.node)
                if let anchor { anchors[anchor] = index }
            case ARBOR_YAML_ALIAS:
                let name = YAMLEventParser.text(event.anchor) ?? ""
                guard let target = anchors[name] else { throw Failure(place: place, problem: "found undefined alias") }
                add(Node(kind: nodes[Int(target)].kind, text: name, aliasOf: target,
                         start: Mark(event.start), end: Mark(event.end)), under: open.last?.node)
            case ARBOR_YAML_SEQUENCE_START, ARBOR_YAML_MAPPING_START:
                guard open.count < Self.depthLimit else {
                    throw Failure(place: place, problem: "nested deeper than \(Self.depthLimit) levels")
                }
                let anchor = YAMLEventParser.text(event.anchor)
                let node = Node(kind: event.type == ARBOR_YAML_SEQUENCE_START ? .array : .object, text: "", anchor: anchor,
                                tag: YAMLEventParser.text(event.tag), start: Mark(event.start))
                open.append((add(node, under: open.last?.node), anchor))
            case ARBOR_YAML_SEQUENCE_END, ARBOR_YAML_MAPPING_END:
                let closed = open.removeLast()
                nodes[Int(closed.node)].end = Mark(event.end)
                if let anchor = closed.anchor { anchors[anchor] = closed.node }
            default:
                break
            }
        }
    }

    /// The node an alias stands for (following an alias of an alias), or the node itself.
    func resolved(_ index: Int32) -> Int32 {
        var index = index
        while nodes[Int(index)].aliasOf >= 0 { index = nodes[Int(index)].aliasOf }
        return index
    }

    /// Adds a node as the last child of `parent` (a new document when nil); returns its index.
    @discardableResult
    private mutating func add(_ node: Node, under parent: Int32?) -> Int32 {
        let index = Int32(nodes.count)
        nodes.append(node)
        link(index, under: parent)
        return index
    }

    private mutating func link(_ node: Int32, under parent: Int32?) {
        if let parent { nodes[Int(parent)].children.append(node) } else { documents.append(node) }
    }
}
