import ArborCore

/// An option a kind of source adds to the command line: `--NAME VALUE`, its value in ``SourceRequest/settings``.
package struct SourceOption: Sendable, Hashable {
    /// The option's name, without the dashes.
    package var name: String
    /// One line of help.
    package var help: String

    /// Creates an option.
    package init(_ name: String, help: String) {
        self.name = name
        self.help = help
    }
}

/// One kind of source, as a plug-in: its names, how it is recognised (extension, content, URL scheme, or the
/// request itself), its options, how it opens and how its ids print. ``SourceKinds/all`` lists the kinds.
package protocol SourceKind: Sendable {
    /// The formats it opens, the first its own; `--format` takes each name.
    var formats: [SourceFormat] { get }
    /// One line for the list of formats in the help.
    var summary: String { get }
    /// File name extensions (lower case, without the dot) and the format each implies.
    var extensions: [String: SourceFormat] { get }
    /// URL schemes (`postgres` for `postgres://…`) whose sources it opens.
    var schemes: [String] { get }
    /// The options it adds to the command line.
    var options: [SourceOption] { get }
    /// Whether its ids are paths, printed as paths by default.
    var idsArePaths: Bool { get }
    /// Whether the texts of its items carry bytes that were not UTF-8 (``LosslessText``): names of files and
    /// lines of commands, written back as those bytes; other kinds read text, written as its UTF-8.
    var textCarriesBytes: Bool { get }
    /// Whether its inputs may be binary (not refused for looking like binary data).
    var readsBinary: Bool { get }
    /// Whether it reads an input's bytes where they are (``SourceInput/content``), so that a large file may be
    /// mapped for it instead of read.
    var readsInPlace: Bool { get }
    /// The format the first bytes of an input suggest, when they look like this kind's.
    func recognises(_ bytes: [UInt8]) -> SourceFormat?
    /// What is wrong with the request's settings for this kind (an option that needs another), if anything.
    func check(_ request: SourceRequest) -> String?
    /// Whether it opens the request without its input being read first (a directory, a database, commands).
    func claims(_ request: SourceRequest) -> Bool
    /// Opens a request it claims.
    func open(_ request: SourceRequest) throws(SourceLoadError) -> OpenedSource
    /// Opens the bytes read from the input as `format`.
    func open(_ input: SourceInput, as format: SourceFormat, request: SourceRequest) throws(SourceLoadError) -> OpenedSource
    /// The format to read an input as instead of the one its first part suggested, when this kind knows better
    /// (JSON Lines for a pipe whose first line is one JSON value), or nil.
    func reconsiders(_ input: FirstPartInput) -> SourceFormat?
    /// Opens an input of this kind from the part read so far, the rest read or indexed on another thread (a path
    /// list growing as its lines come, a large document shown from its beginning); nil to open it whole.
    func openFirstPart(_ input: FirstPartInput) throws(SourceLoadError) -> OpenedSource?
}

extension SourceKind {
    /// No extension implies the kind unless it says.
    package var extensions: [String: SourceFormat] { [:] }
    /// No URL scheme unless the kind says.
    package var schemes: [String] { [] }
    /// No options of its own unless the kind says.
    package var options: [SourceOption] { [] }
    /// Ids are printed as they are unless the kind says they are paths.
    package var idsArePaths: Bool { false }
    /// Texts carry bytes where ids are paths (names of files), unless the kind says.
    package var textCarriesBytes: Bool { idsArePaths }
    /// Inputs are text unless the kind says.
    package var readsBinary: Bool { false }
    /// Inputs are read into memory unless the kind says.
    package var readsInPlace: Bool { false }
    /// Content is not recognised unless the kind says how.
    package func recognises(_ bytes: [UInt8]) -> SourceFormat? { nil }
    /// The input is read first unless the kind claims the request.
    package func claims(_ request: SourceRequest) -> Bool { false }
    /// Any settings will do unless the kind says.
    package func check(_ request: SourceRequest) -> String? { nil }
    /// The format the first part suggested stands unless the kind says.
    package func reconsiders(_ input: FirstPartInput) -> SourceFormat? { nil }
    /// Inputs are opened whole unless the kind shows a first part.
    package func openFirstPart(_ input: FirstPartInput) throws(SourceLoadError) -> OpenedSource? { nil }

    /// A kind that claims nothing opens nothing without reading.
    package func open(_ request: SourceRequest) throws(SourceLoadError) -> OpenedSource {
        throw SourceLoadError("\(request.path ?? "stdin"): \(formats[0]) is read from an input")
    }

    /// A kind that reads no input says what it needs instead.
    package func open(_ input: SourceInput, as format: SourceFormat, request: SourceRequest) throws(SourceLoadError) -> OpenedSource {
        throw SourceLoadError("\(input.origin): \(format) cannot be read from an input")
    }
}

/// The input of a source read whole: its bytes, the name shown and the place errors name.
package struct SourceInput: Sendable {
    /// Every byte of the input, in an array or mapped from its file.
    package var content: SourceBytes
    /// The name for the header: the file's name, or stdin.
    package var name: String
    /// Where errors say the problem is: the path, or stdin.
    package var origin: String

    /// An input of these bytes.
    package init(bytes: [UInt8], name: String, origin: String) {
        self.init(content: SourceBytes(bytes), name: name, origin: origin)
    }

    /// An input of bytes held in place.
    package init(content: SourceBytes, name: String, origin: String) {
        self.content = content
        self.name = name
        self.origin = origin
    }

    /// Every byte of the input as an array (a mapped file's copied: kinds that read in place use ``content``).
    package var bytes: [UInt8] { content.array }
}
