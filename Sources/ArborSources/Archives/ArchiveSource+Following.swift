import ArborCore

/// An archive file followed while it is shown: rewritten or replaced (by a rename, as a build writes a new
/// release), it is listed again and shown in its new version, the focus kept where its id still is. A version
/// that does not list keeps the last good one shown and says why.
extension ArchiveSource {
    /// Watches the archive file's directory, when the archive is a file and the request follows files.
    func follow() {
        guard bytes == nil, request.watches, state.withLock({ $0.watcher == nil && $0.version != nil }) else { return }
        let file = Array(path.utf8)
        let directory = file.lastIndex(of: UInt8(ascii: "/")).map { $0 == 0 ? [UInt8(ascii: "/")] : Array(file[..<$0]) }
            ?? Array(FileSystemSource.absolute(".").utf8)
        let watcher = DirectoryWatcher { [weak self] _ in self?.relistIfChanged() }
        state.withLock { $0.watcher = watcher }
        watcher.watch([directory, file])
    }

    /// Lists the archive again when its file is another version than the one listed; one listing at a time.
    func relistIfChanged() {
        guard let version = SourceFile.version(path),
              state.withLock({ $0.isComplete && $0.version != nil && $0.version != version }) else { return }
        guard relisting.withLock({ busy in defer { busy = true }; return !busy }) else { return }
        defer { relisting.withLock { $0 = false } }
        var whole = request
        whole.showsFirstPart = false
        let changes: [SourceChange]
        do {
            let again = try ArchiveSource(path: path, rootID: rootID, request: whole)
            let (listing, last) = again.state.withLock { ($0.listing, $0.last) }
            opened.withLock { $0.removeAll() }
            MemberCopies.forget(membersOf: rootID)
            let wasTroubled = state.withLock { state in
                state.listing = listing
                state.last = last
                state.version = version
                defer { state.troubled = false }
                return state.troubled
            }
            changes = [.changed] + (wasTroubled ? [.problem(nil)] : [])
        } catch {
            state.withLock {
                $0.version = version
                $0.troubled = true
            }
            changes = [.problem(error.message + " (showing the last version that could be read)")]
        }
        if let report = state.withLock({ $0.observer }) { changes.forEach(report) }
        // A write that came while listing is listed now.
        if SourceFile.version(path) != version { relistIfChanged() }
    }
}
