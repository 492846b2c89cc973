import ArborCore

/// XML through libxml2: elements as items, their attributes and text as members; recognised by its extension
/// or by an input starting with `<?xml` or an element.
struct XMLKind: SourceKind {
    var formats: [SourceFormat] { [.xml] }
    var summary: String { "XML: elements as items, attributes (@name) and text (#text) as members; nothing loaded from outside" }
    var extensions: [String: SourceFormat] {
        ["xml": .xml, "svg": .xml, "xhtml": .xml, "rss": .xml, "atom": .xml, "xsd": .xml, "xsl": .xml, "pom": .xml, "osm": .xml,
         "gpx": .xml, "kml": .xml, "csproj": .xml, "fsproj": .xml, "vbproj": .xml, "resx": .xml, "xaml": .xml, "opml": .xml]
    }

    func recognises(_ bytes: [UInt8]) -> SourceFormat? {
        var index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while index < bytes.count, XMLMarkup.isSpace(bytes[index]) { index += 1 }
        guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "<") else { return nil }
        let next = bytes[index + 1]
        let startsName = next == UInt8(ascii: "_") || next == UInt8(ascii: ":") || next >= 0x80
            || (next | 0x20 >= UInt8(ascii: "a") && next | 0x20 <= UInt8(ascii: "z"))
        return next == UInt8(ascii: "?") || next == UInt8(ascii: "!") || startsName ? .xml : nil
    }

    /// A large document is read whole, then shows the elements of its first megabytes while the rest is indexed.
    func openFirstPart(_ input: FirstPartInput) throws(SourceLoadError) -> OpenedSource? {
        try input.reader.readRest(limit: input.request.ceiling.streamShare)
        guard !input.reader.stoppedAtLimit,
              let growing = try XMLStream.start(input.reader.bytes, name: input.name, origin: input.origin, mapping: input.request.mapping,
                                                firstFrame: input.request.firstFrame)
        else { return nil }
        return OpenedSource(hierarchy: growing, format: .xml)
    }

    func open(_ input: SourceInput, as format: SourceFormat, request: SourceRequest) throws(SourceLoadError) -> OpenedSource {
        OpenedSource(hierarchy: try LazyXMLDocument(bytes: input.bytes, name: input.name, origin: input.origin, mapping: request.mapping),
                     format: .xml)
    }
}
