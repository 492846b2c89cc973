/// A command line a bound action runs, for the run loop: its template and the placeholders' values when the key
/// was pressed.
package struct CommandRequest: Sendable, Hashable {
    /// How it runs.
    package enum Kind: Sendable, Hashable {
        /// With the terminal handed to it.
        case execute
        /// Without the terminal, output discarded.
        case silent
        /// In Arbor's place.
        case become
    }

    /// How it runs.
    package var kind: Kind
    /// The command line with its placeholders.
    package var template: String
    /// What they stand for.
    package var values: PlaceholderValues
}

/// What the placeholders know of the source as a whole.
package struct PlaceholderSource: Sendable, Hashable {
    /// The file the source was read from, for `{file}` when the source does not say.
    package var file: String?
    /// Whether ids are paths (path lists, directories), so that `{path}` is the id.
    package var idsArePaths = false

    /// Nothing known.
    package init(file: String? = nil, idsArePaths: Bool = false) {
        self.file = file
        self.idsArePaths = idsArePaths
    }
}
