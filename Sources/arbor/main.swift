import ArborConfig
import ArborCore
import ArborSources
import ArborTUI
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

signal(SIGPIPE, SIG_IGN)

let given = Array(CommandLine.arguments.dropFirst())
let environment = Startup.environment
let settings = given == ["keys", "--defaults"] ? Settings() : Startup.settings(environment: environment)
let arguments = Startup.arguments(given, settings: settings, environment: environment)
let request: ArborCommand.Request
do {
    request = try ArborCommand.parse(arguments)
} catch {
    printError("arbor: " + error.message)
    printError("Usage: \(CommandHelp.usage(ArborCommand.spec(for: arguments).spec)) (see 'arbor --help')")
    exit(2)
}
let command: ArborCommand
switch request {
case .help(let text):
    _ = writeAll(1, Array(text.utf8))
    exit(0)
case .version:
    _ = writeAll(1, Array("arbor \(ArborCommand.version)\n".utf8))
    exit(0)
case .run(let parsed):
    command = parsed
}

/// Exits with status 2 and a message when the options name no source and stdin is a terminal.
func requireSource(_ options: SourceOptions) {
    if options.source == nil, !options.hasCommands, isatty(0) != 0 {
        printError("arbor: no source: name a file, or pipe one on stdin (see 'arbor --help')")
        exit(2)
    }
}

/// Opens the source the options name, or exits with status 2 and a message.
func openSource(_ options: SourceOptions) -> OpenedSource {
    requireSource(options)
    do {
        let opened = try SourceOpener.open(options.request)
        for problem in opened.problems { printError("arbor: " + problem) }
        return opened
    } catch {
        printError("arbor: " + error.message)
        exit(2)
    }
}

switch command {
case .print(let command):
    let opened = openSource(command.source)
    let formatter = ItemFormatter(field: command.output.field(default: .title), idsArePaths: opened.idsArePaths)
    let printer = TreePrinter(formatter: formatter, depth: command.depth, ascii: command.ascii)
    let terminator = command.output.terminator
    let hierarchy = opened.hierarchy
    do {
        try blocking {
            try await printer.print(hierarchy) { line in
                if !writeAll(1, line + terminator) { exit(0) }
            }
        }
    } catch {
        printError("arbor: \(error)")
        exit(2)
    }
    exit(0)
case .query(let command):
    exit(Query.run(command, source: openSource(command.source)))
case .find(let command):
    exit(Find.run(command, source: openSource(command.source)))
case .browse(let command):
    let theme: Theme
    do {
        theme = try ThemeFile.load(command.theme)
    } catch {
        printError("arbor: --theme: " + error.description)
        exit(2)
    }
    let name = command.source.source.map(JSONTreeSource.displayName(for:)) ?? "stdin"
    let (opened, terminal) = SourceLoading.open(command.source, name: name, theme: command.usesColor ? theme : theme.withoutColor(),
                                                mouse: command.mouse, streaming: command.select == nil)
    exit(Browser.run(command, source: opened, theme: theme, keyChanges: settings.keyChanges, terminal: terminal))
case .keys(let command):
    let base: KeyMap = command.pick ? .picker : .standard
    let map = command.defaults ? base : base.remapped(settings.keyChanges)
    _ = writeAll(1, Array(map.markdownTable.utf8))
    exit(0)
}
