import CYAML

/// The documents of a YAML stream as composed from libyaml's events: nodes by index, an alias being a node of its
/// own that names the node its anchor marked (so the graph holds no copies and no cycles).
struct YAMLGraph {
    /// One scalar, sequence, mapping or alias; a mapping's children alternate key and value.
    struct Node {
        var kind: JSONDocument.Kind
        var text: String
        var children: [Int32] = []
        /// The anchor it is marked with (`&name`).
        var anchor: String? = nil
        /// Its tag as libyaml gives it (`tag:yaml.org,2002:binary`, `!Ref`).
        var tag: String? = nil
        /// For an alias (`*name`), the node its anchor marked; -1 for any other node.
        var aliasOf: Int32 = -1
        /// Where it starts and ends: lines and columns in characters, from 0.
        var start = Mark()
        var end = Mark()
    }

    /// A place in the text as libyaml marks it: a line and a column in characters, from 0.
    struct Mark: Equatable {
        var line: Int32 = 0
        var column: Int32 = 0

        init() {}

        init(_ mark: yaml_mark_t) {
            line = Int32(clamping: mark.line)
            column = Int32(clamping: mark.column)
        }
    }

    /// Where libyaml or the composer stopped: a place (line and column from 1) when there is one.
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
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else { throw Failure(place: nil, problem: "out of memory") }
        defer { yaml_parser_delete(&parser) }
        let result: Failure? = bytes.withUnsafeBufferPointer { buffer in
            yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
            do throws(Failure) { try compose(&parser) } catch { return error }
            return nil
        }
        if let result { throw result }
    }

    private mutating func compose(_ parser: inout yaml_parser_t) throws(Failure) {
        var anchors: [String: Int32] = [:]
        var open: [(node: Int32, anchor: String?)] = []
        var event = yaml_event_t()
        while true {
            guard yaml_parser_parse(&parser, &event) == 1 else { throw Self.failure(parser) }
            defer { yaml_event_delete(&event) }
            let place = (line: Int(event.start_mark.line) + 1, column: Int(event.start_mark.column) + 1)
            switch event.type {
            case YAML_STREAM_END_EVENT:
                return
            case YAML_DOCUMENT_START_EVENT:
                anchors = [:]
            case YAML_SCALAR_EVENT:
                let scalar = event.data.scalar
                let text = String(decoding: UnsafeBufferPointer(start: scalar.value, count: scalar.length), as: UTF8.self)
                let kind: JSONDocument.Kind
                if let tag = Self.text(scalar.tag) {
                    kind = YAMLScalarKind.of(tag: tag)
                } else {
                    kind = scalar.plain_implicit == 1 && scalar.style == YAML_PLAIN_SCALAR_STYLE ? YAMLScalarKind.of(text) : .string
                }
                let anchor = Self.text(scalar.anchor)
                let index = add(Node(kind: kind, text: text, anchor: anchor, tag: Self.text(scalar.tag),
                                     start: Mark(event.start_mark), end: Mark(event.end_mark)), under: open.last?.node)
                if let anchor { anchors[anchor] = index }
            case YAML_ALIAS_EVENT:
                let name = Self.text(event.data.alias.anchor) ?? ""
                guard let target = anchors[name] else { throw Failure(place: place, problem: "found undefined alias") }
                add(Node(kind: nodes[Int(target)].kind, text: name, aliasOf: target,
                         start: Mark(event.start_mark), end: Mark(event.end_mark)), under: open.last?.node)
            case YAML_SEQUENCE_START_EVENT, YAML_MAPPING_START_EVENT:
                guard open.count < Self.depthLimit else {
                    throw Failure(place: place, problem: "nested deeper than \(Self.depthLimit) levels")
                }
                let isSequence = event.type == YAML_SEQUENCE_START_EVENT
                let anchor = Self.text(isSequence ? event.data.sequence_start.anchor : event.data.mapping_start.anchor)
                let tag = Self.text(isSequence ? event.data.sequence_start.tag : event.data.mapping_start.tag)
                let node = Node(kind: isSequence ? .array : .object, text: "", anchor: anchor, tag: tag, start: Mark(event.start_mark))
                open.append((add(node, under: open.last?.node), anchor))
            case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                let closed = open.removeLast()
                nodes[Int(closed.node)].end = Mark(event.end_mark)
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

    static func text(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        pointer.map { String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self)) }
    }

    /// libyaml's error: its problem, at its mark for the scanner and the parser, at a byte for the reader.
    static func failure(_ parser: yaml_parser_t) -> Failure {
        let problem = parser.problem.map { String(cString: $0) } ?? "unknown error"
        switch parser.error {
        case YAML_SCANNER_ERROR, YAML_PARSER_ERROR:
            return Failure(place: (Int(parser.problem_mark.line) + 1, Int(parser.problem_mark.column) + 1), problem: problem)
        case YAML_READER_ERROR:
            return Failure(place: nil, problem: "\(problem) at byte \(parser.problem_offset)")
        default:
            return Failure(place: nil, problem: problem)
        }
    }
}
