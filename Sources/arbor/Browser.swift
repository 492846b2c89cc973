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
    static func run(_ command: BrowseCommand, source opened: OpenedSource, theme: Theme,
                    keyChanges: [(key: Key, command: BrowserCommand?)]) -> Int32 {
        let hierarchy = opened.hierarchy
        var reveal: [String] = []
        if let select = command.select {
            do {
                reveal = try blocking { try await ItemFormatter.idPath(of: select, in: hierarchy) }
            } catch {
                printError("arbor: --select: no item with id '\(select)'")
                return 2
            }
        }
        let useColor = command.color && (getenv("NO_COLOR").map { $0.pointee == 0 } ?? true)
        let terminal: CursesTerminal
        do {
            terminal = try CursesTerminal(theme: useColor ? theme : theme.withoutColor(), mouse: command.mouse)
        } catch {
            printError("arbor: " + error.message)
            return 2
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
        let status = BrowserRunLoop(terminal: terminal, source: hierarchy).run(&controller, reveal: reveal)
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
