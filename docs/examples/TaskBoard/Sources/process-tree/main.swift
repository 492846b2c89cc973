import ArborKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// The processes of this machine, each under its parent, kept up to date every second. Space marks processes
// (the stopped ones come marked); Enter sends them SIGTERM and the browser stays open, so the user sees them
// go. `process-tree PID` opens with the focus on that process. With PROCESS_TREE_EVENTS set, the marks read
// while it runs, the processes signalled and where the focused one is on screen are written to that file.

let tree = ProcessTree()                        // a HierarchySource over snapshots of the processes
let log = getenv("PROCESS_TREE_EVENTS").flatMap { fopen($0, "w") }
nonisolated(unsafe) let events = log
/// One line of the events file, when there is one.
func note(_ line: String) {
    guard let events else { return }
    fputs(line + "\n", events)
    fflush(events)
}

/// The process id of an item.
func pid(_ id: String) -> Int32 { Int32(id) ?? 0 }

/// Sends a process SIGTERM, and SIGCONT so that a stopped one acts on it.
func terminate(_ id: String) {
    guard pid(id) > 0, kill(pid(id), SIGTERM) == 0 else { return }
    kill(pid(id), SIGCONT)
    note("signalled \(id)")
}

var options = BrowserOptions.picker(multiple: true)
options.acceptEnds = false
options.onAccept = { ids in for id in ids { terminate(id) } }
options.cells = .single
options.cellRenderer = ProcessCells()
let browser = HierarchyBrowser(source: tree, options: options)
browser.setMarks(tree.hungOnes)                            // preselected

Task.detached {                                 // detached: see below
    while true {
        try await Task.sleep(for: .seconds(1))
        let changes = tree.takeSnapshot()       // swaps in a new snapshot, returns what changed by id:
        browser.apply(changes)                  // [.insertedItems(ids, of: parent, at: indexes),
    }                                           //  .removedItems(ids, of: parent), .itemsChanged(ids)]
}

// The marks, read while the browser runs, and where the focused process is drawn.
Task.detached {
    var last: [String] = []
    var place = ""
    while true {
        try await Task.sleep(for: .milliseconds(100))
        let marked = browser.shown.marked
        if marked != last { note("marked \(marked.joined(separator: " "))") }
        last = marked
        if let focused = browser.shown.focusedID, let cell = browser.shown.item(focused) {   // on screen, and where
            let now = "focus \(focused) at \(cell.x),\(cell.y)"
            if now != place { note(now) }
            place = now
        }
    }
}

// The process asked for on the command line: its ancestors, nearest first, make the path the browser opens;
// where it stands among the others is written to the events file.
if CommandLine.arguments.count > 1 {
    let target = CommandLine.arguments[1]
    Task.detached {
        let relations = HierarchyRelations(tree)
        let path = try await relations.ancestorIDs(of: target)     // nearest first
        browser.reveal(path.reversed() + [target])          // focus an item the program found
        let shell = try await relations.firstAncestor(of: target) { $0.content.title.hasSuffix("sh") }
        let inside = try await relations.isDescendant(target, of: ProcessTree.id(getpid()))
        let others = try await relations.siblings(of: target)
        var below = 0
        for try await _ in relations.descendants(of: path.last ?? target) {   // depth first, read as it goes;
            below += 1
            if below == 10_000 { break }                                     // leaving the loop stops the walk
        }
        let byState = HierarchyRelations.group(others) { $0.content.status }
        note("relations: shell \(shell?.id ?? "-"), inside this program \(inside), siblings \(others.map(\.id)), "
             + "\(below) under the top, by state \(byState.map { "\($0.key) \($0.items.count)" })")
    }
}

do {
    let result = try browser.run()                  // blocks this thread until the user leaves
    exit(result.status)
} catch {
    let message = Array("process-tree: \(error)\n".utf8)
    _ = write(2, message, message.count)
    exit(2)
}
