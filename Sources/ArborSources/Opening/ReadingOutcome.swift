/// A source shown from the first part of its input while the rest is read, which may turn out not to open.
package protocol ReadingOutcome {
    /// Why the whole input did not open (the file, line and column), once its reading has failed.
    var readingFailure: String? { get }
}
