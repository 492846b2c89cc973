/// A source shown from the first part of its input while the rest is read, which may turn out not to open.
package protocol ReadingOutcome {
    /// Why the whole input did not open (the file, line and column), once its reading has failed.
    var readingFailure: String? { get }
    /// The problems in the data found when the whole input was opened (each naming its place).
    var readingProblems: [String] { get }
}
