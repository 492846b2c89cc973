import ArborCore
import ArborKit
import ArborPath
import ArborSources
import ArborTUI

/// Runs the interactive browser or picker and prints what was picked.
enum Browser {
    /// Shows the source on the terminal; returns the exit status, or throws what stops it (after the terminal is
    /// given back). `terminal` may have been acquired by a loading screen already; the problems in the data are
    /// then printed once it is given back.
    static func run(_ command: BrowseCommand, source opened: OpenedSource, query: JSONPath? = nil, theme: Theme,
                    keyChanges: [(key: Key, command: BrowserCommand?)], bindings: [ActionBinding] = [],
                    terminal lease: TerminalLease) throws(ArborFailure) -> Int32 {
        let shownDuringLoading = lease.wasAcquired
        defer {
            lease.release()
            if shownDuringLoading { for problem in opened.problems { printError("arbor: " + problem) } }
            for problem in FormatCapabilities(of: opened.hierarchy).outcome?.readingProblems ?? [] { printError("arbor: " + problem) }
        }
        let hierarchy = opened.hierarchy
        var options = BrowserOptions()
        if let select = command.select {
            do {
                options.reveal = try blocking { try await ItemFormatter.idPath(of: select, in: hierarchy) }
            } catch {
                throw .invalid("--select: no item with id '\(select)'")
            }
        }
        if let query {
            let search = SourceQuery(query, source: hierarchy)
            let answer = QueryThread.run { search.answer() }
            if let failure = answer.failure { throw .invalid("--jsonpath: \(failure)") }
            guard !answer.matches.isEmpty else {
                throw ArborFailure(message: "--jsonpath: nothing matches \(query.expression)", status: 1)
            }
            options.answer = answer
            options.answerExpression = query.expression
        }
        if command.selectOne || command.exitZero,
           let decided = decideWithoutScreen(command, opened: opened) {
            lease.release()
            return decided
        }
        options.expectedKeys = command.expect
        options.selection = command.selectionMode
        options.layout = command.layout
        options.cells = command.cells
        options.showsHeader = command.header
        options.theme = command.usesColor ? theme : theme.withoutColor()
        options.mouse = command.mouse
        options.keyChanges = keyChanges.map { KeyChange($0.key, $0.command) }
        options.bindings = bindings + command.bindings
        options.previewCommand = command.preview
        options.previewWindow = command.previewWindow
        options.sourceFile = command.source.source.flatMap { $0 == "-" || $0.contains("://") ? nil : $0 }
        options.idsArePaths = opened.idsArePaths
        options.query = command.query
        options.refreshInterval = command.watch
        options.searchFields = command.search.fields(for: hierarchy)
        options.searchBound = command.search.bound(for: hierarchy)
        options.notice = opened.problems.isEmpty ? nil
            : opened.problems.count == 1 ? "1 problem in the data (listed on stderr)"
            : "\(opened.problems.count) problems in the data (listed on stderr)"
        let result: BrowserResult
        do throws(TerminalError) {
            let browser = HierarchyBrowser(source: hierarchy, options: options)
            let headStart = browser.headStart(of: hierarchy)
            result = try browser.run(on: lease.acquire(), source: hierarchy, headStart: headStart, firstFrame: opened.firstFrame)
        } catch {
            throw .invalid(error.message)
        }
        if let failure = FormatCapabilities(of: hierarchy).outcome?.readingFailure, result.ending != .cancelled {
            // Shown from its first part, the rest found invalid: said on the screen, then as any invalid source.
            throw .invalid(failure)
        }
        guard result.ending == .picked else { return result.status }
        let formatter = ItemFormatter(field: command.output.field, of: opened)
        let terminator = command.output.terminator
        if !command.expect.isEmpty, !writeAll(1, Array((result.acceptingKey?.configName ?? "").utf8) + terminator) { return 0 }
        for id in result.picked {
            guard let record = try? blocking({ try await formatter.record(for: id, in: hierarchy) }) else { continue }
            if !writeAll(1, record + terminator) { break }
        }
        return 0
    }

    /// `--select-1` with one match of `--query`, or `--exit-0` with none: the answer without a screen (the item
    /// printed, status 0; nothing, status 1). As fzf matches every line, the query is matched against every
    /// item's path of titles (`src/app/main.swift`), the whole hierarchy walked until a second match is found.
    /// Nil when the picker is to be shown.
    private static func decideWithoutScreen(_ command: BrowseCommand, opened: OpenedSource) -> Int32? {
        let hierarchy = opened.hierarchy
        let matcher = TextMatcher(command.query ?? "")
        guard let candidates = try? blocking({ try await matches(of: matcher, in: hierarchy, upTo: 2) }) else { return nil }
        if candidates.isEmpty, command.exitZero { return 1 }
        guard candidates.count == 1, command.selectOne else { return nil }
        let formatter = ItemFormatter(field: command.output.field, of: opened)
        guard let record = try? blocking({ try await formatter.record(for: candidates[0], in: hierarchy) }) else { return nil }
        let keyLine: [UInt8] = command.expect.isEmpty ? [] : command.output.terminator
        _ = writeAll(1, keyLine + record + command.output.terminator)
        return 0
    }

    /// The ids of the first `limit` items whose path of titles matches, depth first in the order shown; with no
    /// query, the items of the first list.
    private static func matches(of matcher: TextMatcher, in hierarchy: any HierarchySource, upTo limit: Int) async throws -> [String] {
        guard let root = try await hierarchy.root() else { return [] }
        let top = try await hierarchy.children(of: root.id)
        if matcher.isEmpty { return top.prefix(limit).map(\.id) }
        var found: [String] = []
        var stack: [(item: SourceItem, path: String)] = top.reversed().map { ($0, $0.content.title) }
        while let (item, path) = stack.popLast() {
            if matcher.matches(path) {
                found.append(item.id)
                if found.count == limit { break }
            }
            guard item.childCount != 0 else { continue }
            let children = try await hierarchy.children(of: item.id)
            stack += children.reversed().map { ($0, path + "/" + $0.content.title) }
        }
        return found
    }
}
