import Foundation

/// tmux failed.
struct TmuxError: Error {
    var message: String
}

/// A tmux server of its own running one command in a window of a given size, driven like a person would.
final class TmuxSession {
    let socket = "arbor-test-\(UUID().uuidString.prefix(8))"
    let directory: URL

    /// Starts `command` (run by /bin/sh) in a detached window of `width` x `height`.
    /// `blocking` names signals the whole session starts with blocked; `files` are written in its directory
    /// before the command starts.
    init(_ command: String, width: Int = 120, height: Int = 40, blocking: [Int32] = [], files: [String: [UInt8]] = [:]) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent(socket)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        for (name, bytes) in files {
            let url = directory.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(bytes).write(to: url)
        }
        let started = try runCommand("/usr/bin/env", [
            "tmux", "-L", socket, "-f", "/dev/null", "new-session", "-d", "-x", String(width), "-y", String(height),
            "-s", "main", "cd \(shellQuote(directory.path)) && \(command); sleep 60",
        ], blocking: blocking)
        guard started.status == 0 else { throw TmuxError(message: "tmux could not start (status \(started.status))") }
    }

    deinit {
        _ = try? tmux(["kill-server"])
        try? FileManager.default.removeItem(at: directory)
    }

    @discardableResult
    func tmux(_ arguments: [String]) throws -> String {
        let result = try runCommand("/usr/bin/env", ["tmux", "-L", socket, "-f", "/dev/null"] + arguments)
        return result.stdout
    }

    /// The screen as text, one line a row.
    func screen() -> String {
        (try? tmux(["capture-pane", "-p", "-t", "main"])) ?? ""
    }

    /// Types keys (tmux key names such as `Enter`, `Down`, `C-c`, or literal text).
    func send(_ keys: String...) throws {
        try tmux(["send-keys", "-t", "main"] + keys)
    }

    /// Types a list of keys, as ``send(_:)`` does.
    func send(all keys: [String]) throws {
        try tmux(["send-keys", "-t", "main"] + keys)
    }

    /// Changes the window size.
    func resize(width: Int, height: Int) throws {
        try tmux(["resize-window", "-t", "main", "-x", String(width), "-y", String(height)])
    }

    /// Waits until the screen satisfies `condition` and holds still; returns the last screen seen and whether it did.
    func waitForScreen(timeout: TimeInterval = 20, _ condition: (String) -> Bool) -> (screen: String, ok: Bool) {
        let deadline = Date().addingTimeInterval(timeout)
        var last = screen()
        while true {
            if condition(last) {
                // A frame can be caught half written: the screen must match twice in a row, unchanged.
                Thread.sleep(forTimeInterval: 0.03)
                let again = screen()
                if again == last || Date() > deadline { return (again, condition(again)) }
                last = again
                continue
            }
            if Date() > deadline { return (last, false) }
            Thread.sleep(forTimeInterval: 0.05)
            last = screen()
        }
    }

    /// Waits until a file in the session's directory exists and is not empty; returns its text.
    func waitForFile(_ name: String, timeout: TimeInterval = 20) -> String? {
        let url = directory.appendingPathComponent(name)
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if let text = try? String(contentsOf: url, encoding: .utf8), !text.isEmpty { return text }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return nil
    }

    /// Text of a file in the session's directory.
    func file(_ name: String) -> String? {
        try? String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
    }
}
