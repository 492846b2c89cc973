import ArborCore
import ArborPath
import ArborSources

/// Answers `arbor diff A B`: both sources read as values, compared, the difference printed.
enum Diff {
    /// Prints the difference; returns the exit status (0 equal, 1 different, 2 trouble).
    static func run(_ command: DiffCommand, output: DiffCommand.Output) -> Int32 {
        let difference: DocumentDifference
        let tree: DiffHierarchy?
        if DiffOpening.sameBytes(command.first.request, command.second.request) {
            (difference, tree) = (DocumentDifference(), nil)
        } else {
            guard let opened = open(command) else { return 2 }
            (difference, tree) = (opened.difference.difference, opened.difference)
        }
        var printed = GatheredOutput()
        switch output {
        case .patch:
            _ = printed.write(Array(("[" + difference.patch.map(\.json).joined(separator: ",\n ") + "]\n").utf8))
        case .paths:
            let terminator: [UInt8] = command.print0 ? [0] : [0x0A]
            for change in difference.changes where !printed.write(LosslessText.encode(change.pointer) + terminator) { break }
        case .summary:
            for line in summary(difference, tree: tree) where !printed.write(Array((line + "\n").utf8)) { break }
        }
        _ = printed.flush()
        return difference.isEmpty ? 0 : 1
    }

    /// The two sources compared, their problems said on stderr; nil (said) when one cannot be read.
    static func open(_ command: DiffCommand) -> (opened: OpenedSource, difference: DiffHierarchy)? {
        let names = (command.first.source ?? "stdin", command.second.source ?? "stdin")
        do {
            let opened = try DiffOpening.open(command.first.request, command.second.request, names: names, matchBy: command.matchBy)
            for problem in opened.opened.problems { printError("arbor: " + problem) }
            return opened
        } catch {
            printError("arbor: " + error.message)
            return nil
        }
    }

    /// `+A −R ~C  key` for each top-level item with changes, in the order met, then the totals. The top-level
    /// items of an object tree are the root's children (`children/2  Berlin Plant`), of any other document its
    /// members.
    static func summary(_ difference: DocumentDifference, tree: DiffHierarchy?) -> [String] {
        var order: [String] = []
        var counts: [String: (added: Int, removed: Int, changed: Int)] = [:]
        for change in difference.changes {
            let key = topLevelItem(change, tree: tree)
            if counts[key] == nil { order.append(key) }
            var count = counts[key] ?? (0, 0, 0)
            switch change.kind {
            case .added: count.added += 1
            case .removed: count.removed += 1
            case .changed: count.changed += 1
            }
            counts[key] = count
        }
        func text(_ count: (added: Int, removed: Int, changed: Int)) -> String {
            "+\(count.added) −\(count.removed) ~\(count.changed)"
        }
        let total = counts.values.reduce((0, 0, 0)) { ($0.0 + $1.added, $0.1 + $1.removed, $0.2 + $1.changed) }
        let lines = order.map { text(counts[$0]!) + "  " + ($0.isEmpty ? "(the whole document)" : $0) }
        return lines + [text(total) + "  in all"]
    }

    /// The top-level item a change is under: `children/N` (or the child's id) and the child's title in an object
    /// tree or any hierarchy that is not a document.
    private static func topLevelItem(_ change: DocumentChange, tree: DiffHierarchy?) -> String {
        let segments = change.pointer.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
            .map { String(decoding: $0, as: UTF8.self) }
        guard segments.count > 2, segments[1] == "children" else { return change.topLevel }
        let item = "children/\(segments[2])"
        guard let name = tree?.name(at: "/" + item, removed: change.kind == .removed && segments.count == 3) else { return item }
        return item + "  " + name
    }
}
