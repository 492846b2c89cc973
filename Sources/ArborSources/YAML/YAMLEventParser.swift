import CYAMLEvents

/// libfyaml's events over a YAML stream, one at a time, with places as libyaml gave them (a value with an anchor
/// or a tag starts at it, a block scalar at its `|` or `>`, an empty value after its `-` or `:`), and text YAML
/// does not allow refused before parsing. What libfyaml wrongly refuses is read again by libyaml (``parse(_:_:)``).
struct YAMLEventParser: ~Copyable {
    /// One event; its text is valid until the next call to ``next()``.
    typealias Event = arbor_yaml_event

    private let parser: OpaquePointer

    /// A parser of `bytes`, which must stay where they are until it is gone: libfyaml's, or libyaml's.
    init(_ bytes: UnsafeBufferPointer<UInt8>, libyaml: Bool = false) throws(YAMLGraph.Failure) {
        guard let parser = arbor_yaml_create(bytes.baseAddress, Int64(bytes.count), libyaml ? 1 : 0) else {
            throw YAMLGraph.Failure(place: nil, problem: "out of memory")
        }
        self.parser = parser
    }

    deinit { arbor_yaml_destroy(parser) }

    /// The next event, or where and why the stream is refused.
    mutating func next() throws(YAMLGraph.Failure) -> Event {
        var event = Event()
        guard arbor_yaml_next(parser, &event) == 1 else {
            let failure = arbor_yaml_failed(parser)
            let problem = failure.problem.map { String(cString: $0) } ?? "invalid YAML"
            let place = failure.line > 0 ? (line: Int(failure.line), column: Int(failure.column)) : nil
            throw YAMLGraph.Failure(place: place, problem: problem)
        }
        return event
    }

    /// A string of an event (an anchor, a tag), copied.
    static func text(_ pointer: UnsafePointer<CChar>?) -> String? {
        pointer.map { String(cString: $0) }
    }

    /// Whether libfyaml refused the stream where libyaml reads it (see `arbor_yaml_retries`).
    var retries: Bool { arbor_yaml_retries(parser) == 1 }

    /// What `body` makes of a parser of `bytes`; made again from libyaml's events where libfyaml wrongly refused.
    static func parse<Result>(_ bytes: [UInt8], _ body: (inout YAMLEventParser) throws(YAMLGraph.Failure) -> Result)
        throws(YAMLGraph.Failure) -> Result {
        try bytes.withUnsafeBufferPointer { (buffer) throws(YAMLGraph.Failure) -> Result in try parse(buffer, body) }
    }

    /// As ``parse(_:_:)-([UInt8],_)``, of bytes that stay where they are while it runs.
    static func parse<Result>(_ buffer: UnsafeBufferPointer<UInt8>, _ body: (inout YAMLEventParser) throws(YAMLGraph.Failure) -> Result)
        throws(YAMLGraph.Failure) -> Result {
        var parser = try YAMLEventParser(buffer)
        do throws(YAMLGraph.Failure) {
            return try body(&parser)
        } catch {
            guard parser.retries else { throw error }
        }
        var again = try YAMLEventParser(buffer, libyaml: true)
        return try body(&again)
    }
}

extension arbor_yaml_event {
    /// The scalar's text.
    var text: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: value, count: Int(length)) }
}
