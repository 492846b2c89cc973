import ArborCore

/// The commands that produce a hierarchy.
package struct CommandSpec: Sendable {
    /// Prints the children of `{}`.
    package var children: String
    /// Prints the parent of `{}`, if given.
    package var parent: String?
    /// The id of the root, or nil for a list of top-level items.
    package var root: String?
    /// Seconds a command may run.
    package var timeout: Double

    /// Creates a specification.
    package init(children: String, parent: String? = nil, root: String? = nil, timeout: Double = 10) {
        self.children = children
        self.parent = parent
        self.root = root
        self.timeout = timeout
    }
}

extension CommandSpec {
    /// The commands a request's settings name (`--children-cmd`, `--parent-cmd`, `--root`, the time-out), or nil
    /// when it names no children command.
    init?(_ request: SourceRequest) {
        guard let children = request.settings["children-cmd"] else { return nil }
        self.init(children: children, parent: request.settings["parent-cmd"], root: request.settings["root"], timeout: request.timeout)
    }
}
