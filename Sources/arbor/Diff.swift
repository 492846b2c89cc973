import ArborCore
import ArborPath
import ArborSources
import ArborTUI

/// Answers `arbor diff A B`: both sources read as values, compared, the difference printed.
enum Diff {
    /// Prints the difference; returns the exit status (0 equal, 1 different, 2 trouble).
    static func run(_ command: DiffCommand, output: DiffCommand.Output) throws(ArborFailure) -> Int32 {
        var tree: DiffHierarchy?
        if !DiffOpening.sameBytes(command.first.request, command.second.request) {
            tree = try open(command).difference
        }
        var printed = GatheredOutput()
        switch output {
        case .patch:
            let patch = tree?.difference.patch ?? []
            _ = printed.write(Array(("[" + patch.map(\.json).joined(separator: ",\n ") + "]\n").utf8))
        case .paths:
            let terminator: [UInt8] = command.print0 ? [0] : [0x0A]
            for pointer in tree?.changedPointers ?? [] where !printed.write(LosslessText.encode(pointer) + terminator) { break }
        case .summary:
            for line in summary(tree) where !printed.write(Array((line + "\n").utf8)) { break }
        }
        _ = printed.flush()
        return tree?.isEqual == false ? 1 : 0
    }

    /// The two sources compared, their problems said on stderr; a failure when one cannot be read.
    static func open(_ command: DiffCommand) throws(ArborFailure) -> (opened: OpenedSource, difference: DiffHierarchy) {
        let names = (command.first.source ?? "stdin", command.second.source ?? "stdin")
        do {
            let opened = try DiffOpening.open(command.first.request, command.second.request, names: names, matchBy: command.matchBy)
            for problem in opened.opened.problems { printError("arbor: " + problem) }
            return opened
        } catch {
            throw .invalid(error.message)
        }
    }

    /// `+A −R ~C  key` for each top-level item with changes, in the order shown, then the totals. The top-level
    /// items of an object tree are the root's children (`children/2  Berlin Plant`), of any other document its
    /// members; names from the data are made inert, as on the screen.
    static func summary(_ tree: DiffHierarchy?) -> [String] {
        func text(_ counts: ChangeCounts) -> String { "+\(counts.added) −\(counts.removed) ~\(counts.changed)" }
        let items = tree?.summary ?? []
        let lines = items.map { item in
            text(item.counts) + "  " + (item.item.isEmpty ? "(the whole document)" : InertText.escaped(item.item))
                + (item.name.map { "  " + InertText.escaped($0) } ?? "")
        }
        return lines + [text(items.reduce(ChangeCounts()) { $0 + $1.counts }) + "  in all"]
    }
}
