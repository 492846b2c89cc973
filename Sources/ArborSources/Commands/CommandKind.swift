import ArborCore

/// The output of commands, run as columns open: `--children-cmd`, with `--parent-cmd` and `--root`.
struct CommandKind: SourceKind {
    var formats: [SourceFormat] { [.cmd] }
    var summary: String { "the output of commands, run as columns open (--children-cmd)" }
    var textCarriesBytes: Bool { true }
    var options: [SourceOption] {
        [
            SourceOption("children-cmd", help: """
                A command printing the children of {} (the id, quoted), one a line: \
                id<TAB>title<TAB>subtitle<TAB>body<TAB>count.
                """),
            SourceOption("parent-cmd", help: "A command printing the parent id of {} (with --children-cmd)."),
            SourceOption("root", help: "The id of the item to start at (commands, PostgreSQL; without it: the top level)."),
        ]
    }

    func check(_ request: SourceRequest) -> String? {
        guard request.settings["children-cmd"] == nil else { return nil }
        if request.settings["parent-cmd"] != nil { return "--parent-cmd goes with --children-cmd" }
        if request.settings["root"] != nil, !PostgresKind.names(request) { return "--root goes with --children-cmd or a PostgreSQL source" }
        return nil
    }

    func claims(_ request: SourceRequest) -> Bool { CommandSpec(request) != nil }

    func open(_ request: SourceRequest) throws(SourceLoadError) -> OpenedSource {
        guard let commands = CommandSpec(request) else { throw SourceLoadError("--format cmd needs --children-cmd") }
        let source = CommandSource(
            childrenCommand: commands.children, parentCommand: commands.parent, root: commands.root, timeout: commands.timeout,
            outputLimit: request.ceiling.streamShare)
        return OpenedSource(hierarchy: source, format: .cmd)
    }

    func open(_ input: SourceInput, as format: SourceFormat, request: SourceRequest) throws(SourceLoadError) -> OpenedSource {
        throw SourceLoadError("--format cmd needs --children-cmd")
    }
}
