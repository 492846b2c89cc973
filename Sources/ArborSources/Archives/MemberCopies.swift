import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The copies of archive members written for a command that needs a file (`{file}` in `--preview` and `--bind`,
/// `e`): each member once, read-only, in a private folder (mode 0700) made on the first copy and removed with
/// everything in it when the program ends (a signal ends the browser through its normal way out).
enum MemberCopies {
    private struct State {
        var folder: String?
        var copies: [String: String] = [:]
        /// How many copies were made: each has its own numbered folder.
        var made = 0
    }

    private static let state = Mutex(State())

    /// The path of the copy of the member `key` names (made now from `bytes()` if it is not there yet), its name
    /// the member's own.
    static func path(for key: String, name: String, bytes: () throws(SourceLoadError) -> [UInt8]) throws(SourceLoadError) -> String {
        if let made = state.withLock({ $0.copies[key] }) { return made }
        let folder = try privateFolder()
        let holder = folder + "/\(state.withLock { state in defer { state.made += 1 }; return state.made })"
        guard mkdir(holder, 0o700) == 0 || errno == EEXIST else { throw SourceLoadError("\(holder): \(String(cString: strerror(errno)))") }
        let safeName = name.isEmpty || name == "." || name == ".." ? "member" : name.replacingOccurrences(of: "/", with: "_")
        let path = holder + "/" + safeName
        let content = try bytes()
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else { throw SourceLoadError("\(path): \(String(cString: strerror(errno)))") }
        var written = 0
        while written < content.count {
            let count = content.withUnsafeBytes { write(descriptor, $0.baseAddress! + written, content.count - written) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            written += count
        }
        fchmod(descriptor, 0o400)
        close(descriptor)
        state.withLock { $0.copies[key] = path }
        return path
    }

    /// The folder of the copies, made (and its removal at exit registered) on the first call.
    private static func privateFolder() throws(SourceLoadError) -> String {
        if let folder = state.withLock({ $0.folder }) { return folder }
        let base = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
        var template = Array((base + "/arbor-members-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else { throw SourceLoadError("\(base): \(String(cString: strerror(errno)))") }
        let folder = String(cString: made)
        state.withLock { $0.folder = folder }
        atexit { MemberCopies.removeAll() }
        return folder
    }

    /// Removes the copies of the members of the archive whose id is `archive` (its file was rewritten).
    static func forget(membersOf archive: String) {
        let gone = state.withLock { state in
            let gone = state.copies.filter { $0.key.hasPrefix(archive + "/") }
            for key in gone.keys { state.copies[key] = nil }
            return Array(gone.values)
        }
        gone.forEach(remove)
    }

    private static func remove(_ copy: String) {
        unlink(copy)
        rmdir(String(copy[..<(copy.lastIndex(of: "/") ?? copy.endIndex)]))
    }

    /// Removes the folder and every copy in it.
    static func removeAll() {
        let (folder, copies) = state.withLock { state in
            defer { state = State() }
            return (state.folder, Array(state.copies.values))
        }
        guard let folder else { return }
        copies.forEach(remove)
        rmdir(folder)
    }
}
