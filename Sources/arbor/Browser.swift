import ArborCore
import ArborKit
import ArborSources
import ArborTUI

/// Runs the interactive browser or picker and prints what was picked.
enum Browser {
    /// Shows the source on the terminal; returns the exit status.
    /// `terminal` may have been acquired by a loading screen already; the problems in the data are then printed
    /// once it is given back.
    static func run(_ command: BrowseCommand, source opened: OpenedSource, theme: Theme,
                    keyChanges: [(key: Key, command: BrowserCommand?)], terminal lease: TerminalLease) -> Int32 {
        let shownDuringLoading = lease.wasAcquired
        defer {
            lease.release()
            if shownDuringLoading { for problem in opened.problems { printError("arbor: " + problem) } }
        }
        let hierarchy = opened.hierarchy
        var options = BrowserOptions()
        if let select = command.select {
            do {
                options.reveal = try blocking { try await ItemFormatter.idPath(of: select, in: hierarchy) }
            } catch {
                lease.release()
                printError("arbor: --select: no item with id '\(select)'")
                return 2
            }
        }
        options.selection = command.selectionMode
        options.layout = command.layout
        options.cells = command.cells
        options.showsHeader = command.header
        options.theme = command.usesColor ? theme : theme.withoutColor()
        options.mouse = command.mouse
        options.keyChanges = keyChanges.map { KeyChange($0.key, $0.command) }
        options.query = command.query
        options.refreshInterval = command.watch
        options.searchFields = command.search.fields
        options.searchBound = command.search.bound(for: hierarchy)
        options.notice = opened.problems.isEmpty ? nil
            : opened.problems.count == 1 ? "1 problem in the data (listed on stderr)"
            : "\(opened.problems.count) problems in the data (listed on stderr)"
        let result: BrowserResult
        do throws(TerminalError) {
            let browser = HierarchyBrowser(source: hierarchy, options: options)
            result = try browser.run(on: lease.acquire())
        } catch {
            printError("arbor: " + error.message)
            return 2
        }
        guard result.ending == .picked else { return result.status }
        let formatter = ItemFormatter(
            field: command.output.field(default: opened.idsArePaths ? .path : .id), idsArePaths: opened.idsArePaths)
        let terminator = command.output.terminator
        for id in result.picked {
            guard let record = try? blocking({ try await formatter.record(for: id, in: hierarchy) }) else { continue }
            if !writeAll(1, record + terminator) { break }
        }
        return 0
    }
}
