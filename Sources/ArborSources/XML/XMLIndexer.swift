import ArborCore
import CLibxml2

/// Indexes XML with libxml2's SAX2 push parser, fed the bytes a megabyte at a time: each element's place is
/// taken as the parser passes its start tag, nothing of the document is built. The parser loads nothing from
/// outside the input (no network, no external DTD or entity: the loader refuses every one) and keeps its own
/// limits on entity expansion; comments and processing instructions are not looked at.
final class XMLIndexer {
    // Read and written on every callback from one thread: the run-time exclusivity checks cost a tenth of the pass.
    @exclusivity(unchecked) private(set) var index: XMLIndex
    /// The open elements, innermost last.
    @exclusivity(unchecked) private var open: [Int32] = []
    /// Names by the addresses libxml2 interns them at (its dictionary keeps one copy of each name per parse).
    @exclusivity(unchecked) private var knownNames = XMLNameCache()
    /// The main parser: callbacks from the parsers libxml2 makes to check an entity's text are ignored.
    private let context: xmlParserCtxtPtr
    private let xml: ArborLibxml2
    private let bytes: [UInt8]
    private let origin: String
    /// How many bytes the parser has been given.
    private(set) var fed = 0

    /// A parser for `bytes`, given none of them yet; errors name `origin`.
    init(_ bytes: [UInt8], origin: String) throws(SourceLoadError) {
        if let encoding = XMLEncoding.unsupported(in: bytes) {
            throw SourceLoadError("\(origin): XML in \(encoding) is not read, only UTF-8 (convert it: iconv -f \(encoding) -t UTF-8)")
        }
        let xml = try LibXML2.library(origin: origin)
        var handler = Self.handler(xml)
        guard let context = xml.createPushParserCtxt(&handler, nil, nil, 0, nil) else {
            throw SourceLoadError("\(origin): libxml2 could not make a parser")
        }
        self.context = context
        self.xml = xml
        self.bytes = bytes
        self.origin = origin
        index = XMLIndex(inputSize: bytes.count)
        _ = xml.ctxtUseOptions(context, Int32(XML_PARSE_NONET.rawValue))
        context.pointee._private = Unmanaged.passUnretained(self).toOpaque()
    }

    deinit {
        if let document = context.pointee.myDoc { xml.freeDoc(document) }
        xml.freeParserCtxt(context)
    }

    /// The index of well-formed UTF-8 XML, read whole; errors name `origin`, the line and the column.
    static func index(_ bytes: [UInt8], origin: String) throws(SourceLoadError) -> XMLIndex {
        let indexer = try XMLIndexer(bytes, origin: origin)
        try indexer.feed(upTo: bytes.count)
        return indexer.index
    }

    /// Whether every byte has been parsed.
    var isFinished: Bool { fed >= bytes.count }

    /// Gives the parser the bytes up to `end`, a megabyte at a time (the last call ends the document).
    func feed(upTo end: Int) throws(SourceLoadError) {
        let chunk = 1 << 20
        var failed = false
        bytes.withUnsafeBufferPointer { buffer in
            repeat {
                let count = min(chunk, end - fed, buffer.count - fed)
                let pointer = buffer.baseAddress.map { UnsafeRawPointer($0 + fed).assumingMemoryBound(to: CChar.self) }
                failed = xml.parseChunk(context, pointer, Int32(count), fed + count >= buffer.count ? 1 : 0) != 0
                fed += count
            } while !failed && fed < min(end, buffer.count)
        }
        // A namespace error (an unbound prefix, `a:b:c`, an attribute repeated under two prefixes) is not well-formed
        // XML as the Namespaces recommendation says, though libxml2 goes on.
        if failed || context.pointee.wellFormed == 0 || context.pointee.nsWellFormed == 0 {
            let error = xml.ctxtGetLastError(context)?.pointee
            let line = error?.line ?? 0
            let column = error?.int2 ?? 0
            let message = error?.message.map { String(cString: $0) } ?? "not well-formed"
            let reason = message.hasSuffix("\n") ? String(message.dropLast()) : message
            throw SourceLoadError("\(origin):\(line):\(max(1, column)): invalid XML: \(reason)")
        }
        if isFinished, index.count == 0 { throw SourceLoadError("\(origin): the XML holds no element") }
    }

    /// Makes the index's room again after a version shown took its storage.
    func reserveRoom() {
        index.reserve(forSize: bytes.count)
    }

    /// The index so far, the elements still open closed at the last element found.
    var snapshot: XMLIndex {
        var copy = index
        for element in open { copy.close(element) }
        return copy
    }

    /// The indexer a callback's parser context belongs to, when it is the main parser's.
    private static func indexer(_ context: UnsafeMutableRawPointer?) -> XMLIndexer? {
        guard let parser = context?.assumingMemoryBound(to: xmlParserCtxt.self), let owner = parser.pointee._private else { return nil }
        let indexer = Unmanaged<XMLIndexer>.fromOpaque(owner).takeUnretainedValue()
        return indexer.context == parser ? indexer : nil
    }

    fileprivate func startElement(prefix: UnsafePointer<xmlChar>?, local: UnsafePointer<xmlChar>, attributes: Int) {
        let name = knownNames.number(prefix: prefix, local: local) { () -> Int32 in
            let qualified = prefix.map { String(cString: $0) + ":" + String(cString: local) } ?? String(cString: local)
            return index.number(ofName: qualified)
        }
        let element = index.add(contentStart: contentStart(), name: name, attributes: attributes)
        if let parent = open.last { index.addChild(to: parent) }
        open.append(element)
    }

    /// Just past the start tag the parser has read up to its `>` or `/>`.
    private func contentStart() -> Int {
        var position = min(xml.byteConsumed(context), bytes.count)
        while position < bytes.count, XMLMarkup.isSpace(bytes[position]) { position += 1 }
        if position < bytes.count, bytes[position] == UInt8(ascii: "/") { position += 1 }
        return min(position + 1, bytes.count)
    }

    fileprivate func endElement() {
        guard let element = open.popLast() else { return }
        index.close(element)
    }

    fileprivate func text(_ characters: UnsafePointer<xmlChar>?, _ count: Int32) {
        guard let element = open.last, !index.hasText(element), let characters else { return }
        for offset in 0..<Int(count) where !XMLMarkup.isSpace(characters[offset]) {
            index.markText(element)
            return
        }
    }

    fileprivate func reference() {
        if let element = open.last { index.markText(element) }
    }

    fileprivate func entity(named name: UnsafePointer<xmlChar>?, type: Int32, content: UnsafeMutablePointer<xmlChar>?) {
        guard type == Int32(XML_INTERNAL_GENERAL_ENTITY.rawValue), let name, let content else { return }
        index.entities[String(cString: name)] = String(cString: content)
    }

    /// SAX2 callbacks: libxml2's own for the document's DTD (so that declared entities are known), Arbor's
    /// for elements, text and entity declarations; errors are kept on the context, not printed.
    private static func handler(_ xml: ArborLibxml2) -> xmlSAXHandler {
        var handler = xmlSAXHandler()
        handler.initialized = XML_SAX2_MAGIC
        handler.startDocument = xml.sax2StartDocument
        handler.internalSubset = xml.sax2InternalSubset
        handler.getEntity = xml.sax2GetEntity
        handler.getParameterEntity = xml.sax2GetParameterEntity
        handler.entityDecl = { context, name, type, publicID, systemID, content in
            LibXML2.functions.sax2EntityDecl(context, name, type, publicID, systemID, content)
            XMLIndexer.indexer(context)?.entity(named: name, type: type, content: content)
        }
        handler.startElementNs = { context, local, prefix, _, namespaces, _, attributes, defaulted, _ in
            guard let local else { return }
            XMLIndexer.indexer(context)?.startElement(prefix: prefix, local: local, attributes: Int(namespaces + attributes - defaulted))
        }
        handler.endElementNs = { context, _, _, _ in XMLIndexer.indexer(context)?.endElement() }
        handler.characters = { context, characters, count in XMLIndexer.indexer(context)?.text(characters, count) }
        handler.cdataBlock = { context, characters, count in XMLIndexer.indexer(context)?.text(characters, count) }
        handler.reference = { context, _ in XMLIndexer.indexer(context)?.reference() }
        handler.serror = { _, _ in }
        return handler
    }
}
