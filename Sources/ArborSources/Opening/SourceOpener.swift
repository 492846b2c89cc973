import ArborCore

/// What the command line says to open and how.
package struct SourceRequest: Sendable {
    /// A file path, or nil for standard input.
    package var path: String?
    /// The format, or nil to detect it.
    package var format: SourceFormat?
    /// Field names for documents.
    package var mapping: FieldMapping
    /// The separator of path lists.
    package var separator: UInt8
    /// The values of the options the kinds of source add (``SourceKind/options``), by the option's name.
    package var settings: [String: String] = [:]
    /// Seconds a request of the source (a command, a query) may take.
    package var timeout: Double = 10
    /// Whether what is shown is watched for changes made outside Arbor (directories, files).
    package var watches = true
    /// Whether a large regular file may be mapped without a lease: only where nothing follows the file, since
    /// one cut short while mapped ends the program. Otherwise it is mapped under a lease where it can be (see
    /// `FileMapping.mapLeased`), else read.
    package var maps = false
    /// The most memory the input may take (`--max-input`).
    package var ceiling = InputCeiling.machineDefault
    /// Whether JSON and YAML are read as the documents they are even where they look like object trees, as a
    /// JSONPath query reads them.
    package var readsDocuments = false
    /// Whether what Arbor reads inside an item opens as what it holds: a directory's files, the JSON in a
    /// document's or a database's strings (`--into`; the browser's default unless it picks).
    package var crossesInto = false
    /// Whether a long input a kind reads by itself (an archive's listing) may be shown from its first part while
    /// the rest is read: set when the source is opened for the browser.
    package var showsFirstPart = false
    /// Where reading the input counts its bytes, for the loading screen.
    package var progress = ReadProgress()
    /// What the rest of a large input, read or indexed while its first part is shown, waits for: the browser
    /// showing the source opens it with its first frame.
    package var firstFrame = FirstFrameGate()

    /// Creates a request.
    package init(path: String?, format: SourceFormat? = nil, mapping: FieldMapping = FieldMapping(), separator: UInt8 = UInt8(ascii: "/")) {
        self.path = path
        self.format = format
        self.mapping = mapping
        self.separator = separator
    }
}

/// An opened source and what was detected about it.
package struct OpenedSource: Sendable {
    /// The hierarchy.
    package var hierarchy: any HierarchySource
    /// The format it was read as.
    package var format: SourceFormat
    /// Problems in the data that did not stop it from opening, each naming its place.
    package var problems: [String] = []
    /// What the work that can wait for the browser's first frame (the rest of a large input) waits for: the
    /// browser showing the source opens it.
    package var firstFrame: FirstFrameGate?

    /// Whether its ids are paths, printed as paths by default (path lists, directories).
    package var idsArePaths: Bool { SourceKinds.kind(for: format.rawValue)?.idsArePaths ?? false }
    /// Whether its items' texts carry bytes that were not UTF-8, written back as those bytes.
    package var textCarriesBytes: Bool { SourceKinds.kind(for: format.rawValue)?.textCarriesBytes ?? true }
}

/// Reads a file or standard input and builds the hierarchy in the format asked for or detected.
package enum SourceOpener {
    /// The text before the first `://` of `path` (`postgres` in `postgres://host/db`), or nil when it has none.
    /// Read byte by byte: every start asks, and Foundation's `range(of:)` costs more code than the question.
    static func scheme(of path: String) -> String? {
        let bytes = Array(path.utf8)
        guard bytes.count >= 3 else { return nil }
        for index in 0...(bytes.count - 3)
        where bytes[index] == UInt8(ascii: ":") && bytes[index + 1] == UInt8(ascii: "/") && bytes[index + 2] == UInt8(ascii: "/") {
            return String(decoding: bytes[..<index], as: UTF8.self)
        }
        return nil
    }

    /// The formats whose string values are members, opened as JSON when they hold it (``EmbeddedJSONSource``).
    static let embedsJSON: Set<SourceFormat> = [.json, .document, .yaml, .jsonl, .toml, .plist, .xml, .ini, .sqlite, .postgres, .csv, .tsv]

    /// Opens what `request` names; errors name the file and the place. With `streaming`, a long path list or
    /// JSON Lines input opens as soon as its first part is read (a `GrowingPathList`, `GrowingJSONLines`), the
    /// rest being read on another thread, and a large XML input as soon as its first part is indexed.
    package static func open(_ request: SourceRequest, streaming: Bool = false) throws(SourceLoadError) -> OpenedSource {
        var opened = try openInput(request, streaming: streaming)
        opened.firstFrame = request.firstFrame
        if request.crossesInto, embedsJSON.contains(opened.format) { opened.hierarchy = EmbeddedJSONSource(opened.hierarchy) }
        if let columns = request.settings["group-by"] {
            opened.hierarchy = GroupedSource(opened.hierarchy, by: columns.split(separator: ",").map(String.init))
        }
        return opened
    }

    private static func openInput(_ request: SourceRequest, streaming: Bool) throws(SourceLoadError) -> OpenedSource {
        if let path = request.path, let scheme = scheme(of: path),
           let kind = SourceKinds.all.first(where: { $0.schemes.contains(scheme) }) {
            return try kind.open(request)
        }
        if let kind = SourceKinds.all.first(where: { $0.claims(request) }) {
            var request = request
            request.showsFirstPart = streaming
            return try kind.open(request)
        }
        let origin = request.path ?? "stdin"
        let reader = try SourceReader(path: request.path ?? "/dev/stdin", progress: request.progress)
        if request.format == nil, let device = reader.deviceKind {
            throw SourceLoadError("\(origin): \(device), not a hierarchy (--format FORMAT reads it anyway)")
        }
        let share = request.ceiling.streamShare
        if let refusal = request.ceiling.refusal(ofFileSized: reader.size, origin: origin) { throw refusal }
        try reader.read(limit: min(streaming ? firstPart : BinaryInput.sampleSize, share), for: 0.05)
        let name = request.path.map(JSONTreeReader.displayName(for:)) ?? "stdin"
        var format = request.format ?? request.path.flatMap(SourceFormat.byExtension) ?? SourceFormat.sniff(reader.bytes)
        if request.format == nil, SourceKinds.kind(for: format.rawValue)?.readsBinary != true,
           let looks = BinaryInput.description(of: reader.bytes[...]) {
            throw SourceLoadError("\(origin): looks like \(looks), not a hierarchy (--format FORMAT reads it anyway)")
        }
        if request.format == nil, let better = SourceKinds.all.lazy.compactMap({
            $0.reconsiders(FirstPartInput(reader: reader, format: format, name: name, origin: origin, request: request))
        }).first {
            format = better
        }
        if streaming, let kind = SourceKinds.kind(for: format.rawValue),
           let opened = try kind.openFirstPart(FirstPartInput(reader: reader, format: format, name: name, origin: origin, request: request)) {
            return opened
        }
        return try openWhole(reader, format: format, name: name, origin: origin, request: request)
    }

    /// Reads the rest of the input and opens it whole.
    static func openWhole(_ reader: SourceReader, format: SourceFormat, name: String, origin: String,
                          request: SourceRequest) throws(SourceLoadError) -> OpenedSource {
        let share = request.ceiling.streamShare
        guard let kind = SourceKinds.kind(for: format.rawValue) else { throw SourceLoadError("unsupported format '\(format)'") }
        if kind.readsInPlace, reader.size <= share, let mapped = reader.mapWhole(leased: !request.maps) {
            return try kind.open(SourceInput(content: mapped, name: name, origin: origin), as: format, request: request)
        }
        try reader.readRest(limit: share)
        guard reader.stoppedAtLimit else {
            return try kind.open(SourceInput(bytes: reader.bytes, name: name, origin: origin), as: format, request: request)
        }
        let notice = request.ceiling.cutNotice(origin: origin)
        do {
            var opened = try kind.open(SourceInput(bytes: reader.wholeLines, name: name, origin: origin), as: format, request: request)
            opened.problems.insert(notice, at: 0)
            return opened
        } catch {
            throw SourceLoadError(notice + "; what was read does not open: " + error.message)
        }
    }

    /// The source made to follow its file when it was read whole from a regular file (not a pipe, not stdin, not a
    /// kind that opens the path itself): read again when the file changes (``SourceChange/changed``).
    package static func following(_ opened: OpenedSource, request: SourceRequest) -> OpenedSource {
        guard let path = request.path, let version = SourceFile.version(path), opened.hierarchy.capabilities.reporting == nil,
              !SourceKinds.all.contains(where: { $0.claims(request) })
        else { return opened }
        var reading = request
        reading.format = opened.format
        let again = reading
        var following = opened
        following.hierarchy = ReopeningSource(opened.hierarchy, path: path, version: version,
                                              firstFrame: request.firstFrame) { () throws(SourceLoadError) in
            try open(again).hierarchy
        }
        return following
    }

    /// How much of an input is read before it is shown, when it may be shown from its first part.
    static let firstPart = 256 << 10

    /// Files from this size are shown from their first part while the rest is read (JSON documents, tables).
    static let shownFromFirstPart = 8 << 20

    /// A large regular file shown from `part` (its first part, as its kind opens it) while the rest is read and
    /// opened whole on another thread, the part then replaced; nil when the file is small or not a regular file,
    /// or its first part does not open alone (`part` gives nil).
    static func shownFromFirstPart(_ input: FirstPartInput, part: (SourceReader) -> (any HierarchySource)?,
                                   salvage: (@Sendable (SourceBytes) -> (any HierarchySource)?)? = nil) -> OpenedSource? {
        let reader = input.reader
        let request = input.request
        guard reader.isRegularFile, reader.size >= shownFromFirstPart, !reader.isAtEnd, reader.size <= request.ceiling.streamShare,
              let path = request.path, let version = SourceFile.version(path), let partial = part(reader)
        else { return nil }
        let source = ReopeningSource(partial, path: path, version: version, follows: request.watches,
                                     firstFrame: request.firstFrame) { () throws(SourceLoadError) in
            try open(request).hierarchy
        }
        let handoff = ReaderHandoff(reader)
        let (format, name) = (input.format, input.name)
        var salvaging: (@Sendable (Int) -> (any HierarchySource)?)?
        if let salvage {
            salvaging = { (offset: Int) -> (any HierarchySource)? in
                // The file's bytes up to where it breaks, read again: what the part shows is all of them.
                guard offset > 0, let bytes = try? SourceFile.read(path), offset <= bytes.count else { return nil }
                return salvage(SourceBytes(Array(bytes[..<offset])))
            }
        }
        source.complete(by: { () throws(SourceLoadError) in
            try openWhole(handoff.reader, format: format, name: name, origin: path, request: request)
        }, salvaging: salvaging)
        return OpenedSource(hierarchy: source, format: format)
    }
}

/// Hands a reader to the thread that reads the rest; the opening thread no longer touches it.
struct ReaderHandoff: @unchecked Sendable {
    let reader: SourceReader

    init(_ reader: SourceReader) {
        self.reader = reader
    }
}
