import ArborCore

/// The output of commands, run as columns open: `--children-cmd`, with `--parent-cmd` and `--root`.
struct CommandKind: SourceKind {
    var formats: [SourceFormat] { [.cmd] }
    var summary: String { "the output of commands, run as columns open (--children-cmd)" }
    var options: [SourceOption] {
        [
            SourceOption("children-cmd", help: """
                A command printing the children of {} (the id, quoted), one a line: \
                id<TAB>title<TAB>subtitle<TAB>body<TAB>count.
                """),
            SourceOption("parent-cmd", help: "A command printing the parent id of {} (with --children-cmd)."),
            SourceOption("root", help: "The id of the root item (with --children-cmd; without it the top level is what {} = '' gives)."),
        ]
    }

    func check(_ request: SourceRequest) -> String? {
        guard request.settings["children-cmd"] == nil, request.settings["parent-cmd"] != nil || request.settings["root"] != nil else {
            return nil
        }
        return "--parent-cmd and --root go with --children-cmd"
    }

    func claims(_ request: SourceRequest) -> Bool { request.commands != nil }

    func open(_ request: SourceRequest) throws(SourceLoadError) -> OpenedSource {
        guard let commands = request.commands else { throw SourceLoadError("--format cmd needs --children-cmd") }
        let source = CommandSource(
            childrenCommand: commands.children, parentCommand: commands.parent, root: commands.root, timeout: commands.timeout)
        return OpenedSource(hierarchy: source, format: .cmd)
    }

    func open(_ input: SourceInput, as format: SourceFormat, request: SourceRequest) throws(SourceLoadError) -> OpenedSource {
        throw SourceLoadError("--format cmd needs --children-cmd")
    }
}
