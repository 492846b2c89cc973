import ArborKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// Lets the user pick a task from the board and prints its id; an urgent task arrives a second after start,
// as a message from elsewhere would, and takes its place at the top of "To do" without moving the focus.
// With TASK_BOARD_EVENTS set, what the browser reports is written to that file, one event a line.

let board = TaskBoard()
let log = getenv("TASK_BOARD_EVENTS").flatMap { fopen($0, "w") }
nonisolated(unsafe) let events = log
/// One line of the events file, when there is one.
func note(_ line: String) {
    guard let events else { return }
    fputs(line + "\n", events)
    fflush(events)
}

var options = BrowserOptions.picker()          // or .picker(multiple: true), or BrowserOptions() to browse
options.showsHeader = true
options.onFocusChange = { id in note("focus \(id ?? "-")") }          // called on the browser's thread
options.onExpand = { id in note("expand \(id)") }                     // and onCollapse
options.onMarkChange = { id, marked in note("\(marked ? "mark" : "unmark") \(id)") }
options.onLevelEnter = { level, parentID in note("level \(level) \(parentID ?? "-")") }
options.onAccept = { ids in note("accept \(ids.joined(separator: " "))") }
options.onClose = { closing in note("close \(closing.status)") }      // closing.focusedID, .marked, .expanded, .status
let browser = HierarchyBrowser(source: board, options: options)

Task.detached {
    try await Task.sleep(nanoseconds: 1_000_000_000)
    let urgent = TaskBoard.Task(id: "T-12", title: "Fix the login outage", owner: "Lin", due: "now", status: "open",
                                isUrgent: true)
    let index = board.add(urgent, to: "todo")
    browser.apply([.insertedItems([urgent.id], of: "todo", at: [index]), .itemsChanged(["todo"])])
}

do {
    let result = try browser.run()                 // or `try await browser.present()`
    for id in result.picked { print(id) }          // result.status is the exit status fzf would give
    exit(result.status)
} catch {
    let message = Array("task-board: \(error)\n".utf8)
    _ = write(2, message, message.count)
    exit(2)
}
