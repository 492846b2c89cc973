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
var options = BrowserOptions.picker()
options.showsHeader = true
if let log {
    nonisolated(unsafe) let file = log
    options.onFocusChange = { id in fputs("focus \(id ?? "-")\n", file); fflush(file) }
    options.onExpand = { id in fputs("expand \(id)\n", file); fflush(file) }
    options.onAccept = { ids in fputs("accept \(ids.joined(separator: " "))\n", file); fflush(file) }
}
let browser = HierarchyBrowser(source: board, options: options)

Task.detached {
    try await Task.sleep(nanoseconds: 1_000_000_000)
    let urgent = TaskBoard.Task(id: "T-12", title: "Fix the login outage", owner: "Lin", due: "now", status: "open",
                                isUrgent: true)
    let index = board.add(urgent, to: "todo")
    browser.apply([.insertedItems([urgent.id], of: "todo", at: [index]), .itemsChanged(["todo"])])
}

do {
    let result = try browser.run()
    for id in result.picked { print(id) }
    exit(result.status)
} catch {
    let message = Array("task-board: \(error)\n".utf8)
    _ = write(2, message, message.count)
    exit(2)
}
