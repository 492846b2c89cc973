import CYAMLBlock
#if canImport(Glibc)
import Glibc
#endif

/// YAML in the block style of configuration files and API output, written as JSON text by our own reader
/// (`CYAMLBlock`) at the pace of the bytes: the same text ``YAMLTranscoder`` writes from the parser's events, each
/// value on its YAML line, with the anchors, tags and aliases of its values beside it (``YAMLMarks``). A document
/// in any other style (an anchor or tag of a key, a tab, a CR alone, a scalar document) or not valid gives way
/// to the transcoder, which reads it or says where it is wrong.
enum YAMLBlockReader {
    /// A document's JSON text, the documents it holds (a stream of several is written as their list), where its
    /// flow collections written on one line start and end, and its anchors, tags and aliases.
    struct Read {
        let json: SourceBytes
        let documents: Int
        let flows: YAMLFlowOffsets
        /// Whether the document holds a comment.
        let commented: Bool
        let marks: YAMLMarks
        /// The parts the input was read in, each on a thread of its own.
        let parts: Int
        /// The text's index, built as it was written, where it was asked for and could be (not for a stream).
        let index: JSONDocumentIndex?
    }

    /// The JSON text of `content`'s one document, or nil when the reader gives way. A leased file's pages are
    /// given back as they are read, so the file and its JSON text are not both held whole; so are those of a
    /// mapping that is only the file's (`releasing`, ``FileMapping/map(_:size:path:)``).
    static func json(_ content: SourceBytes, releasing: Bool = false) -> SourceBytes? {
        text(content, releasing: releasing)?.json
    }

    /// As ``json(_:releasing:)``, all that is read. A large text (of a large input, or grown past that size by
    /// aliases' copies) is written to an unnamed file rather than held (``SpilledText``). With `indexing`, the
    /// text's index is built as it is written (``YAMLTextIndexer``).
    static func text(_ content: SourceBytes, releasing: Bool = false, indexing: Bool = false) -> Read? {
        text(content, releasing: releasing, indexing: indexing, spillingTo: SpilledText.place(forTextOf: content.count))
    }

    /// As ``text(_:releasing:indexing:)``, the text written to `place` (nil: held).
    static func text(_ content: SourceBytes, releasing: Bool = false, indexing: Bool = false, spillingTo place: SpilledText.Place?) -> Read? {
        let indexer = indexing ? YAMLTextIndexer(inputSize: content.count) : nil
        var result = arbor_yaml_json()
        let pages = releasing ? ARBOR_YAML_RELEASES_PAGES : content.isMapped ? ARBOR_YAML_REPORTS_READS : 0
        let written = content.withUnsafeBufferPointer { buffer in
            arbor_yaml_block_json(buffer.baseAddress, Int64(buffer.count), Int32(pages), Int32(YAMLGraph.depthLimit), numberWriter,
                                  place?.directory, Int64(place?.window ?? 0), Int64(place?.held ?? 0), indexer?.sink, &result)
        }
        let flows = YAMLFlowOffsets(taking: result.flows, count: Int(result.flow_count))
        defer {
            free(result.marks)
            free(result.names)
            free(result.paths)
        }
        guard written == 1 else { return nil }
        let json: SourceBytes
        if result.descriptor >= 0 {
            let gap = SpilledText.Gap(at: Int(result.gap_at), length: Int(result.gap_length))
            guard let spilled = SpilledText.bytes(of: result.descriptor, count: Int(result.count), gap: gap) else { return nil }
            json = spilled
        } else {
            guard let bytes = result.bytes else { return nil }
            json = SourceBytes(ByteStorage(mapped: UnsafePointer(bytes), count: Int(result.count), unmap: { free(bytes) }))
        }
        var marks = YAMLMarks()
        if result.mark_count > 0 {
            // Marks out of the order of their values are not read here: the transcoder reads the document.
            guard let read = YAMLReadMarks(taking: &result, json: json) else { return nil }
            marks = YAMLMarks(read: read)
        }
        return Read(json: json, documents: Int(result.documents), flows: flows, commented: result.commented != 0, marks: marks,
                    parts: Int(result.parts),
                    index: indexer?.index())
    }
}

/// A plain scalar that may be a number, as ``YAMLTranscoder`` writes it: its JSON literal, or nothing for text.
private let numberWriter: arbor_yaml_number_writer = { text, count, out in
    guard let text, let out else { return 0 }
    let bytes = UnsafeBufferPointer(start: text, count: Int(count))
    guard YAMLScalarKind.of(bytes: bytes) == .number, let literal = YAMLNumber.json(String(decoding: bytes, as: UTF8.self)) else {
        return 0
    }
    let utf8 = Array(literal.utf8)
    guard utf8.count <= Int(ARBOR_YAML_NUMBER_BYTES) else { return -1 }
    utf8.withUnsafeBufferPointer { out.update(from: $0.baseAddress!, count: $0.count) }
    return Int32(utf8.count)
}
