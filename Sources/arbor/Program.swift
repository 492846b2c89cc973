import ArborCommandLine
import ArborConfig
import ArborCore
import Synchronization
import ArborSources
import ArborTUI
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The composition root: the settings and the command line read once into typed commands, the source opened,
/// the command run. Every path returns a status or throws an ``ArborFailure``; only `main` ends the process.
enum Program {
    /// Runs the command line `given` (without the program's name); returns the exit status.
    static func run(_ given: [String]) throws(ArborFailure) -> Int32 {
        let environment = Startup.environment
        // The version is told whatever the settings say: the shell integration asks for it at every start.
        let settings = given == ["keys", "--defaults"] || given == ["--version"] ? Settings() : try Startup.settings(environment: environment)
        let arguments = try Startup.arguments(given, settings: settings, environment: environment)
        let request: ArborCommand.Request
        do {
            request = try ArborCommand.parse(arguments)
        } catch {
            throw .invalid(error.message, hint: "Usage: \(CommandHelp.usage(ArborCommand.spec(for: arguments).spec)) (see 'arbor --help')")
        }
        switch request {
        case .help(let text), .text(let text):
            _ = writeAll(1, Array(text.utf8))
            return 0
        case .version:
            _ = writeAll(1, Array((ArborCommand.versionLine + "\n").utf8))
            return 0
        case .run(let command):
            return try run(command, settings: settings)
        }
    }

    private static func run(_ command: ArborCommand, settings: Settings) throws(ArborFailure) -> Int32 {
        switch command {
        case .print(let command):
            return try printTree(command, source: openSource(command.source))
        case .query(let command) where command.relation == .path:
            let query = try PathQuery.parse(command.id)
            var options = command.source
            options.readsDocuments = true
            return try PathQuery.run(command, query: query, source: try openSource(options))
        case .query(let command):
            return try Query.run(command, source: try openSource(command.source))
        case .find(let command):
            return try Find.run(command, source: try openSource(command.source))
        case .diff(let command):
            try requireSource(command.first)
            guard command.output == nil, isatty(1) != 0 || command.browse.selectionMode != .none else {
                return try Diff.run(command, output: command.output ?? .summary)
            }
            return try browseDifference(command, settings: settings)
        case .browse(var command):
            if !namesInput(command.source), isatty(0) != 0 { command.source.source = "." }
            if command.selectionMode == .none { command.source.crossesInto = true }
            let theme: Theme
            do {
                theme = try ThemeFile.load(command.theme)
            } catch {
                throw .invalid("--theme: " + error.description)
            }
            let answering = try command.jsonpath.map { expression throws(ArborFailure) in
                let path = try PathQuery.parse(expression)
                command.source.readsDocuments = true
                return path
            }
            let name = command.source.source.map(JSONTreeReader.displayName(for:)) ?? "stdin"
            let terminal = TerminalLease(theme: command.usesColor ? theme : theme.withoutColor(), mouse: command.mouse,
                                         height: command.height)
            let opened = try SourceLoading.open(command.source, name: name, terminal: terminal, streaming: command.select == nil)
            return try Browser.run(command, source: opened, query: answering, theme: theme, keyChanges: settings.keyChanges, bindings: settings.bindings,
                               terminal: terminal)
        case .keys(let command):
            let base: KeyMap = command.pick ? .picker : .standard
            let map = command.defaults ? base : base.remapped(settings.keyChanges)
            _ = writeAll(1, Array(map.markdownTable.utf8))
            return 0
        }
    }

    /// `arbor diff A B` on a terminal: the tree of changes browsed (or picked from); two equal versions say so.
    private static func browseDifference(_ command: DiffCommand, settings: Settings) throws(ArborFailure) -> Int32 {
        let theme: Theme
        do {
            theme = try ThemeFile.load(command.browse.theme)
        } catch {
            throw .invalid("--theme: " + error.description)
        }
        let same = DiffOpening.sameBytes(command.first.request, command.second.request)
        if same { return equal(command) }
        let opened = try Diff.open(command)
        if opened.difference.isEqual { return equal(command) }
        let terminal = TerminalLease(theme: command.browse.usesColor ? theme : theme.withoutColor(), mouse: command.browse.mouse,
                                     height: command.browse.height)
        var shown = opened.opened
        shown.problems = []
        return try Browser.run(command.browse, source: shown, theme: theme, keyChanges: settings.keyChanges, bindings: settings.bindings,
                           terminal: terminal)
    }

    /// Two equal versions: said on stderr, exit 0, no screen.
    private static func equal(_ command: DiffCommand) -> Int32 {
        printError("arbor: \(command.first.source ?? "stdin") and \(command.second.source ?? "stdin") are equal")
        return 0
    }

    /// `arbor print`: the tree as indented lines; a reader that goes away ends it quietly.
    private static func printTree(_ command: PrintCommand, source opened: OpenedSource) throws(ArborFailure) -> Int32 {
        var formatter = ItemFormatter(field: command.output.field ?? .title, of: opened)
        // Unasked, a tree is printed for a person: each scalar with its value, as the cells show it.
        formatter.showsValues = command.output.output == nil && command.output.delimiter == nil && !command.output.print0
        let printer = TreePrinter(formatter: formatter, depth: command.depth, ascii: command.ascii)
        let terminator = command.output.terminator
        let hierarchy = opened.hierarchy
        do {
            if let streaming = FormatCapabilities(of: hierarchy).streaming {
                var output = GatheredOutput()
                try printer.print(streaming) { line in
                    if !output.write(line + terminator) { throw ReaderGone() }
                }
                if !output.flush() { throw ReaderGone() }
            } else {
                let problems = Mutex<[String]>([])
                try blocking {
                    try await printer.print(hierarchy, problem: { message in problems.withLock { $0.append(message) } }) { line in
                        if !writeAll(1, line + terminator) { throw ReaderGone() }
                    }
                }
                // What could not be read is in the tree where it is, and said again here: the tree is not whole.
                let failed = problems.withLock { $0 }
                for message in failed { printError("arbor: " + message) }
                if !failed.isEmpty { return 2 }
            }
        } catch is ReaderGone {
            return 0
        } catch {
            throw .invalid("\(error)")
        }
        for notice in (hierarchy as? CommandSource)?.notices ?? [] { printError("arbor: " + notice) }
        return 0
    }

    /// The reader of stdout has gone: printing stops.
    private struct ReaderGone: Error {}

    /// A failure when the options name no source and stdin is a terminal.
    static func requireSource(_ options: SourceOptions) throws(ArborFailure) {
        if !namesInput(options), isatty(0) != 0 {
            throw .invalid("no source: name a file, or pipe one on stdin (see 'arbor --help')")
        }
    }

    /// Whether the options name what to read: a source, or a kind that needs no input (commands, a database
    /// reached through libpq's environment).
    static func namesInput(_ options: SourceOptions) -> Bool {
        let request = options.request
        return options.source != nil || SourceKinds.all.contains { $0.claims(request) }
    }

    /// Opens the source the options name; its problems go to stderr.
    static func openSource(_ options: SourceOptions) throws(ArborFailure) -> OpenedSource {
        try requireSource(options)
        var request = options.request
        // Nothing follows a source opened here, so a large file is mapped instead of read.
        request.maps = true
        do {
            let opened = try SourceOpener.open(request)
            for problem in opened.problems { printError("arbor: " + problem) }
            return opened
        } catch {
            throw .invalid(error.message)
        }
    }
}
