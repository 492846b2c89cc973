import ArborCore
import ArborSources
import ArborTUI
import ArgumentParser
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes a line to standard error.
func printError(_ text: String) {
    let line = text.hasSuffix("\n") ? text : text + "\n"
    _ = line.utf8CString.withUnsafeBufferPointer { write(2, $0.baseAddress, $0.count - 1) }
}

/// Writes text to standard output.
func printOutput(_ text: String) {
    _ = text.utf8CString.withUnsafeBufferPointer { write(1, $0.baseAddress, $0.count - 1) }
}

let command: ArborCommand
do {
    command = try ArborCommand.parse(Array(CommandLine.arguments.dropFirst()))
} catch {
    if ArborCommand.exitCode(for: error) == .success {
        printOutput(ArborCommand.fullMessage(for: error) + "\n")
        exit(0)
    }
    printError("arbor: " + ArborCommand.fullMessage(for: error))
    printError("Usage: \(ArborCommand.usageString()) (see 'arbor --help')")
    exit(2)
}

let hierarchy: StaticHierarchy
do {
    switch command.source {
    case nil where isatty(0) != 0:
        printError("arbor: no source: name a file, or pipe one on stdin (see 'arbor --help')")
        exit(2)
    case nil, "-":
        hierarchy = try JSONTreeSource.load(SourceFile.read("/dev/stdin"), name: "stdin", origin: "stdin", mapping: command.mapping)
    case let path?:
        hierarchy = try JSONTreeSource.open(path: path, mapping: command.mapping)
    }
} catch {
    printError("arbor: " + error.message)
    exit(2)
}

let useColor = !command.noColor && (getenv("NO_COLOR").map { $0.pointee == 0 } ?? true)
let terminal: CursesTerminal
do {
    terminal = try CursesTerminal(colors: useColor)
} catch {
    printError("arbor: " + error.message)
    exit(2)
}

let screen = BrowserScreen(sourceName: hierarchy.displayName, cellMode: CellMode(rawValue: command.cells) ?? .auto)
var controller = BrowserController(screen: screen)
let status = BrowserRunLoop(terminal: terminal, source: hierarchy).run(&controller)
exit(status)
