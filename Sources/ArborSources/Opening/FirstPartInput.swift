/// An input whose first part has been read, offered to its kind to show before the rest is read or indexed.
package struct FirstPartInput {
    /// The reader holding the first part; a kind that shows the first part reads the rest from it.
    let reader: SourceReader
    /// The format given or detected.
    let format: SourceFormat
    /// The name for the header.
    let name: String
    /// Where errors say the problem is: the path, or stdin.
    let origin: String
    /// What was asked.
    let request: SourceRequest
}
