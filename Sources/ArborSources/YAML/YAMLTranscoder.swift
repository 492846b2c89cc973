import ArborPath
import CYAMLEvents

/// A YAML document written as JSON text in one pass over the parser's events, for the JSON index to open: each
/// value on the line it has in the YAML (line breaks go between tokens), so that an item's line is the YAML's;
/// an alias repeats its anchor's text, its line breaks left out. Scalars are typed as ``YAMLScalarKind`` says;
/// a number JSON cannot write (`0x1F`, `.inf`) is written as the number it is where JSON can, else as text.
/// The anchors, tags, aliases and comments are kept beside the text (``YAMLMarks``), for the browser to show.
struct YAMLTranscoder {
    /// One open sequence or mapping.
    private struct Frame {
        let isMapping: Bool
        let start: Int
        let anchor: String?
        /// The path of the collection, for its anchor's aliases to link to.
        let path: [PathKey]?
        var count = 0
        var expectsKey = true
        /// Where the key of the value being written is in the output, quoted, and in the YAML.
        var key = 0..<0
        /// The key as a path's member, once a path has asked (a written key may be in the text's file only).
        var keyName: PathKey? = nil
        var keyMarks: Span? = nil
        /// Where the collection starts in the YAML, its key's place there, and where its first member starts.
        let startMark: YAMLGraph.Mark
        let ownKey: Span?
        var firstMemberStart: YAMLGraph.Mark? = nil
        /// The mark added at its start (its anchor or tag), which its comment joins once its end is known.
        let markIndex: Int?
    }

    /// Where a token starts and ends in the YAML.
    private typealias Span = (start: YAMLGraph.Mark, end: YAMLGraph.Mark)

    /// What an anchor named: its JSON text (in the output, or of its own for a key), and a scalar's text for use
    /// as a key.
    private struct Anchored {
        let range: Range<Int>
        var json: [UInt8]? = nil
        let keyText: String?
        /// The path of the value it marked; nil for a key.
        var path: [PathKey]? = nil
        /// The number its aliases link by, once one has (``YAMLMarks/link(_:to:)``).
        var link: Int32? = nil
        /// For a key, its anchor and tag, which a copy of it as a value shows, and its place, which the copy's
        /// comment is read from.
        var keyMark: YAMLMarks.Mark? = nil
        var keySpan: Span? = nil
    }

    private var output: YAMLTextOutput
    private var line = 0
    private var frames: [Frame] = []
    private var anchors: [String: Anchored] = [:]
    private var documents = 0
    private var marks = YAMLMarks()
    /// The comments of a text that has any.
    private let comments: YAMLComments?
    private let limit: Int
    /// Where a first part ends: the transcoding stops after the first whole value past this many bytes.
    private let partAfter: Int
    /// How far the parser has read a mapped input, told to its mapping.
    private var reading: ForwardReading?

    private init(limit: Int, partAfter: Int, comments: YAMLComments?, output: YAMLTextOutput) {
        self.output = output
        self.limit = limit
        self.partAfter = partAfter
        self.comments = comments
    }

    /// The JSON text of the one document of `bytes` (UTF-8) whose top is a sequence or mapping, at most `limit`
    /// bytes; nil for anything else (several documents or none, a scalar top, a key that is a collection, more
    /// than `limit` bytes), which the whole-stream reader (``YAMLLoader``) takes.
    static func json(_ bytes: [UInt8], limit: Int) throws(YAMLGraph.Failure) -> [UInt8]? {
        try text(bytes, limit: limit)?.json
    }

    /// As ``json(_:limit:)``, with the anchors, tags and aliases of its values.
    static func text(_ bytes: [UInt8], limit: Int) throws(YAMLGraph.Failure) -> (json: [UInt8], marks: YAMLMarks)? {
        try text(bytes, limit: limit, partAfter: .max)
    }

    /// The beginning of the JSON text of a document's first part (`bytes`, the start of a larger input): its
    /// containers still open after the first whole value past `bytes` bytes of text, for
    /// ``JSONDocumentStream`` to close; nil when the part does not get that far.
    static func firstPart(_ bytes: [UInt8], of size: Int) -> (json: [UInt8], marks: YAMLMarks)? {
        guard let part = try? text(bytes, limit: 4 * bytes.count, partAfter: size), part.json.count >= size else { return nil }
        return part
    }

    /// As ``text(_:limit:)``, of bytes held or mapped: a mapping's pages are given back behind the parser as a
    /// scan's are (``MappedPages``), and comments read from it again where a value asks; the text is written to
    /// `place` rather than held when there is one.
    static func text(_ bytes: SourceBytes, limit: Int, spillingTo place: SpilledText.Place?) throws(YAMLGraph.Failure) -> (json: SourceBytes, marks: YAMLMarks)? {
        guard let read = try text(bytes, limit: limit, partAfter: .max, spillingTo: place), let json = read.json.text() else { return nil }
        return (json, read.marks)
    }

    private static func text(_ bytes: [UInt8], limit: Int, partAfter: Int) throws(YAMLGraph.Failure) -> (json: [UInt8], marks: YAMLMarks)? {
        try text(SourceBytes(bytes), limit: limit, partAfter: partAfter, spillingTo: nil).map { ($0.json.held, $0.marks) }
    }

    private static func text(_ bytes: SourceBytes, limit: Int, partAfter: Int, spillingTo place: SpilledText.Place?)
        throws(YAMLGraph.Failure) -> (json: YAMLTextOutput, marks: YAMLMarks)? {
        try bytes.withUnsafeBufferPointer { (buffer) throws(YAMLGraph.Failure) -> (json: YAMLTextOutput, marks: YAMLMarks)? in
            try YAMLEventParser.parse(buffer) { (parser: inout YAMLEventParser) throws(YAMLGraph.Failure) -> (json: YAMLTextOutput, marks: YAMLMarks)? in
                let comments = buffer.contains(UInt8(ascii: "#")) ? YAMLComments(bytes) : nil
                let output = YAMLTextOutput(expected: bytes.count + bytes.count / 4, spillingTo: place)
                var transcoder = YAMLTranscoder(limit: limit, partAfter: partAfter, comments: comments, output: output)
                if bytes.isMapped { transcoder.reading = ForwardReading(buffer, from: 0) }
                guard try transcoder.transcode(&parser), transcoder.documents == 1 else { return nil }
                transcoder.marks.finish()
                return (transcoder.output, transcoder.marks)
            }
        }
    }

    /// Writes the events out; false when the stream is not one that JSON text stands for (see ``json(_:limit:)``).
    private mutating func transcode(_ parser: inout YAMLEventParser) throws(YAMLGraph.Failure) -> Bool {
        while true {
            let event = try parser.next()
            reading?.reached(Int(event.start.offset))
            let mark = Int(event.start.line)
            switch event.type {
            case ARBOR_YAML_STREAM_END:
                return true
            case ARBOR_YAML_DOCUMENT_START:
                documents += 1
                anchors = [:]
                guard documents == 1 else { return false }
            case ARBOR_YAML_SCALAR:
                let text = event.text
                let kind: JSONDocument.Kind
                if let tag = YAMLEventParser.text(event.tag) {
                    kind = YAMLScalarKind.of(tag: tag)
                } else {
                    kind = event.plain == 1 ? YAMLScalarKind.of(bytes: text) : .string
                }
                guard !frames.isEmpty else { return false }
                let anchor = YAMLEventParser.text(event.anchor)
                let span = begin(event)
                if takesKey() {
                    key(text, at: mark, span)
                    if let anchor {
                        // The key is written as text; its alias as a value is the scalar it is (`&a 1: *a`).
                        var value = YAMLTextOutput()
                        swap(&output, &value)
                        write(text, as: kind)
                        swap(&output, &value)
                        anchors[anchor] = Anchored(range: 0..<0, json: value.held, keyText: String(decoding: text, as: UTF8.self),
                                                   keyMark: YAMLMarks.Mark(anchor: anchor, tag: YAMLNote.shortTag(YAMLEventParser.text(event.tag))),
                                                   keySpan: span)
                    }
                } else {
                    separate(at: mark)
                    let start = output.count
                    let path: [PathKey]? = anchor == nil ? nil : self.path()
                    self.mark(at: start, anchor: anchor, tag: event.tag, comment: comment(of: span))
                    write(text, as: kind)
                    if let anchor {
                        anchors[anchor] = Anchored(range: start..<output.count, keyText: String(decoding: text, as: UTF8.self), path: path)
                    }
                }
            case ARBOR_YAML_ALIAS:
                let name = YAMLEventParser.text(event.anchor) ?? ""
                guard let target = anchors[name] else {
                    throw YAMLGraph.Failure(place: (mark + 1, Int(event.start.column) + 1), problem: "found undefined alias")
                }
                guard !frames.isEmpty else { return false }
                let span = begin(event)
                if takesKey() {
                    guard var text = target.keyText else { return false }
                    text.withUTF8 { key($0, at: mark, span) }
                } else {
                    separate(at: mark)
                    let start = output.count
                    if target.path == nil, var keyMark = target.keyMark {
                        // An alias of a key is a copy of it, as the file read whole shows it, its place the key's;
                        // the key's later aliases are aliases of that copy.
                        keyMark.comment = target.keySpan.flatMap(comment(of:))
                        marks.add(keyMark, at: start)
                        let copied = path()
                        anchors[name]?.path = copied
                    }
                    let fromFile = target.json == nil && !output.holds(target.range)
                    let copy: [UInt8]
                    if let json = target.json { copy = json } else { copy = output.bytes(in: target.range).filter { $0 != 0x0A } }
                    guard output.count + copy.count <= limit else { return false }
                    output += copy
                    // Read back from the file once: the anchor's later aliases copy it from memory.
                    if fromFile { anchors[name]?.json = copy }
                    if let path = target.path {
                        let link = target.link ?? marks.link("*" + name, to: path)
                        anchors[name]?.link = link
                        marks.add(alias: link, comment: comment(of: span), copying: start..<output.count, depth: frames.count)
                    }
                }
            case ARBOR_YAML_SEQUENCE_START, ARBOR_YAML_MAPPING_START:
                guard frames.count < YAMLGraph.depthLimit else {
                    throw YAMLGraph.Failure(place: (mark + 1, Int(event.start.column) + 1),
                                            problem: "nested deeper than \(YAMLGraph.depthLimit) levels")
                }
                let span = begin(event)
                if takesKey() { return false }
                if !frames.isEmpty { separate(at: mark) } else { lineUp(to: mark) }
                let isMapping = event.type == ARBOR_YAML_MAPPING_START
                let anchor = YAMLEventParser.text(event.anchor)
                let added = self.mark(at: output.count, anchor: anchor, tag: event.tag, comment: nil)
                let ownKey = frames.last.flatMap { $0.isMapping ? $0.keyMarks : nil }
                let collectionPath: [PathKey]? = anchor == nil ? nil : path()
                frames.append(Frame(isMapping: isMapping, start: output.count, anchor: anchor, path: collectionPath,
                                    startMark: span.start, ownKey: ownKey, markIndex: added))
                output.append(isMapping ? UInt8(ascii: "{") : UInt8(ascii: "["))
            case ARBOR_YAML_SEQUENCE_END, ARBOR_YAML_MAPPING_END:
                let closed = frames.removeLast()
                if let comments, let comment = comments.comment(ofValueFrom: closed.startMark, to: YAMLGraph.Mark(event.end), key: closed.ownKey,
                                                                isCollection: true, firstMemberStart: closed.firstMemberStart) {
                    marks.add(comment: comment, to: closed.markIndex, at: closed.start)
                }
                output.append(closed.isMapping ? UInt8(ascii: "}") : UInt8(ascii: "]"))
                if let anchor = closed.anchor {
                    anchors[anchor] = Anchored(range: closed.start..<output.count, keyText: nil, path: closed.path)
                }
            default:
                break
            }
            if output.count > limit { return false }
            if output.count >= partAfter, let last = frames.last, !last.isMapping || last.expectsKey { return true }
        }
    }

    /// Whether the next value is a mapping's key; a value after a key takes the key's place in turn.
    private mutating func takesKey() -> Bool {
        guard let last = frames.indices.last, frames[last].isMapping else { return false }
        frames[last].expectsKey.toggle()
        return !frames[last].expectsKey
    }

    /// Where the token of `event` is in the YAML; the first member of the collection it is in starts there.
    private mutating func begin(_ event: YAMLEventParser.Event) -> Span {
        let span = (YAMLGraph.Mark(event.start), YAMLGraph.Mark(event.end))
        if let last = frames.indices.last, frames[last].firstMemberStart == nil { frames[last].firstMemberStart = span.0 }
        return span
    }

    /// The comment of the scalar or alias at `span`, as the file read whole takes it (under its key in a mapping).
    private func comment(of span: Span) -> String? {
        guard let comments else { return nil }
        let key = frames.last.flatMap { $0.isMapping ? $0.keyMarks : nil }
        return comments.comment(ofValueFrom: span.start, to: span.end, key: key, isCollection: false, firstMemberStart: nil)
    }

    /// A key: the comma before it, its line, its text quoted and the colon; `span` its place in the YAML.
    private mutating func key(_ text: UnsafeBufferPointer<UInt8>, at mark: Int, _ span: Span) {
        if frames[frames.count - 1].count > 0 { output.append(UInt8(ascii: ",")) }
        frames[frames.count - 1].count += 1
        frames[frames.count - 1].keyMarks = span
        lineUp(to: mark)
        let start = output.count
        quote(text)
        frames[frames.count - 1].key = start..<output.count
        frames[frames.count - 1].keyName = nil
        output.append(UInt8(ascii: ":"))
    }

    /// The anchor, tag and comment of the value about to be written at `offset`, kept when it has any; the mark's
    /// number.
    @discardableResult
    private mutating func mark(at offset: Int, anchor: String?, tag: UnsafePointer<CChar>?, comment: String?) -> Int? {
        guard anchor != nil || tag != nil || comment != nil else { return nil }
        return marks.add(YAMLMarks.Mark(anchor: anchor, tag: YAMLNote.shortTag(YAMLEventParser.text(tag)), comment: comment), at: offset)
    }

    /// The path of the value about to be written: the keys and positions of the collections it is in.
    private mutating func path() -> [PathKey] {
        frames.indices.map { level in
            guard frames[level].isMapping else { return .index(frames[level].count - 1) }
            if let name = frames[level].keyName { return name }
            let quoted = output.bytes(in: frames[level].key)
            let name = PathKey.name(quoted.contains(UInt8(ascii: "\\")) ? (try? JSONDocument.parse(Array(quoted)))?.nodes[0].text ?? ""
                : String(decoding: quoted.dropFirst().dropLast(), as: UTF8.self))
            frames[level].keyName = name
            return name
        }
    }

    /// What comes before a value: in a sequence the comma after the element before it, then the value's line.
    private mutating func separate(at mark: Int) {
        let last = frames.count - 1
        if !frames[last].isMapping {
            if frames[last].count > 0 { output.append(UInt8(ascii: ",")) }
            frames[last].count += 1
        }
        lineUp(to: mark)
    }

    /// Line breaks up to the YAML line `mark` (from 0), so that what follows is on the same line in both.
    private mutating func lineUp(to mark: Int) {
        while line < mark {
            output.append(0x0A)
            line += 1
        }
    }

    private mutating func write(_ text: UnsafeBufferPointer<UInt8>, as kind: JSONDocument.Kind) {
        switch kind {
        case .null: output += Array("null".utf8)
        case .bool: output += Array(text.first.map { $0 | 0x20 } == UInt8(ascii: "t") ? "true".utf8 : "false".utf8)
        case .number:
            if let number = YAMLNumber.json(String(decoding: text, as: UTF8.self)) { output += Array(number.utf8) } else { quote(text) }
        default: quote(text)
        }
    }

    /// `text` as a JSON string: runs that need no escape copied whole.
    private mutating func quote(_ text: UnsafeBufferPointer<UInt8>) {
        output.append(UInt8(ascii: "\""))
        var run = 0
        for (index, byte) in text.enumerated() where byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
            output.append(contentsOf: UnsafeBufferPointer(rebasing: text[run..<index]))
            run = index + 1
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): output += [0x5C, byte]
            case 0x0A: output += [0x5C, UInt8(ascii: "n")]
            case 0x0D: output += [0x5C, UInt8(ascii: "r")]
            case 0x09: output += [0x5C, UInt8(ascii: "t")]
            default:
                let hex = Array("0123456789abcdef".utf8)
                output += [0x5C, UInt8(ascii: "u"), 0x30, 0x30, hex[Int(byte >> 4)], hex[Int(byte & 15)]]
            }
        }
        output.append(contentsOf: UnsafeBufferPointer(rebasing: text[run...]))
        output.append(UInt8(ascii: "\""))
    }
}
