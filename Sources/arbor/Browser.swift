import ArborCore
import ArborSources
import ArborTUI
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs the interactive browser or picker and prints what was picked.
enum Browser {
    /// Shows the source on the terminal; returns the exit status.
    /// `terminal` is the one a loading screen already set up, if any; the problems in the data are printed
    /// once it is given back.
    static func run(_ command: BrowseCommand, source opened: OpenedSource, theme: Theme,
                    keyChanges: [(key: Key, command: BrowserCommand?)], terminal existing: CursesTerminal? = nil) -> Int32 {
        defer {
            if existing != nil { for problem in opened.problems { printError("arbor: " + problem) } }
        }
        let hierarchy = opened.hierarchy
        var reveal: [String] = []
        if let select = command.select {
            do {
                reveal = try blocking { try await ItemFormatter.idPath(of: select, in: hierarchy) }
            } catch {
                existing?.shutdown()
                printError("arbor: --select: no item with id '\(select)'")
                return 2
            }
        }
        let terminal: CursesTerminal
        if let existing {
            terminal = existing
        } else {
            do {
                terminal = try CursesTerminal(theme: command.usesColor ? theme : theme.withoutColor(), mouse: command.mouse)
            } catch {
                printError("arbor: " + error.message)
                return 2
            }
        }
        let mode = command.selectionMode
        let screen = BrowserScreen(
            sourceName: hierarchy.displayName, keyMap: (mode == .none ? KeyMap.standard : .picker).remapped(keyChanges),
            cellMode: CellMode(rawValue: command.cells) ?? .auto,
            notice: opened.problems.isEmpty ? nil
                : opened.problems.count == 1 ? "1 problem in the data (listed on stderr)"
                : "\(opened.problems.count) problems in the data (listed on stderr)")
        var controller = BrowserController(
            screen: screen, selectionMode: mode, layout: Layout(rawValue: command.layout) ?? .columns,
            showsHeader: command.header)
        controller.configureSearch(fields: command.search.fields, bound: command.search.bound(for: hierarchy))
        let status = BrowserRunLoop(terminal: terminal, source: hierarchy).run(&controller, reveal: reveal, query: command.query)
        if let failure = terminal.failure {
            printError("arbor: " + failure)
            return 2
        }
        guard mode != .none, status == 0 else { return status }
        let picked = controller.accepted ?? []
        if picked.isEmpty { return 1 }
        let formatter = ItemFormatter(
            field: command.output.field(default: opened.format == .paths || opened.format == .fs ? .path : .id),
            idsArePaths: opened.format == .paths || opened.format == .fs)
        let terminator = command.output.terminator
        for id in picked {
            guard let record = try? blocking({ try await formatter.record(for: id, in: hierarchy) }) else { continue }
            if !writeAll(1, record + terminator) { break }
        }
        return 0
    }
}
