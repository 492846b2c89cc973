import ArborConfig
import ArborCore
import ArborSources
import ArborTUI
import ArgumentParser
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
if given == ["--help"] || given == ["-h"] {
    let help = ArborCommand.helpMessage(for: BrowseCommand.self)
        + "\n\nAlso: 'arbor print [SOURCE]' lists the hierarchy as a tree on stdout (see 'arbor print --help');"
        + "\n'arbor query ancestors|descendants|siblings|group ID [SOURCE]' answers relative queries.\n"
    _ = writeAll(1, Array(help.utf8))
    exit(0)
}

let parsed: ParsableCommand
do {
    parsed = try ArborCommand.parseAsRoot(arguments)
} catch {
    if ArborCommand.exitCode(for: error) == .success {
        _ = writeAll(1, Array((ArborCommand.fullMessage(for: error) + "\n").utf8))
        exit(0)
    }
    printError("arbor: " + ArborCommand.fullMessage(for: error))
    printError("Usage: \(ArborCommand.usageString()) (see 'arbor --help')")
    exit(2)
}

/// Exits with status 2 and a message when the options name no source and stdin is a terminal.
func requireSource(_ options: SourceOptions) {
    if options.source == nil, options.childrenCmd == nil, isatty(0) != 0 {
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

switch parsed {
case let command as PrintCommand:
    let opened = openSource(command.source)
    let formatter = ItemFormatter(field: command.output.field(default: .title), idsArePaths: opened.format == .paths || opened.format == .fs)
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
case let command as QueryCommand:
    exit(Query.run(command, source: openSource(command.source)))
case let command as BrowseCommand:
    let theme: Theme
    do {
        theme = try ThemeFile.load(command.theme)
    } catch {
        printError("arbor: --theme: " + error.description)
        exit(2)
    }
    let name = command.source.source.map(JSONTreeSource.displayName(for:)) ?? "stdin"
    let (opened, terminal) = SourceLoading.open(command.source, name: name, theme: command.usesColor ? theme : theme.withoutColor(),
                                                mouse: command.mouse)
    exit(Browser.run(command, source: opened, theme: theme, keyChanges: settings.keyChanges, terminal: terminal))
case let command as KeysCommand:
    let base: KeyMap = command.pick ? .picker : .standard
    let map = command.defaults ? base : base.remapped(settings.keyChanges)
    _ = writeAll(1, Array(map.markdownTable.utf8))
    exit(0)
default:
    do {
        var command = parsed
        try command.run()
        exit(0)
    } catch {
        if ArborCommand.exitCode(for: error) == .success {
            _ = writeAll(1, Array((ArborCommand.fullMessage(for: error) + "\n").utf8))
            exit(0)
        }
        printError("arbor: " + ArborCommand.fullMessage(for: error))
        exit(2)
    }
}
