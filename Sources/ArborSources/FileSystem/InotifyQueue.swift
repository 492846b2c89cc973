#if os(Linux)
import Glibc
import Synchronization

/// inotify, one descriptor for every watched directory (Linux): entries created, removed, renamed, written or
/// changed in their attributes; in a very large directory, only entries created, removed or renamed.
final class InotifyQueue: KernelChangeQueue {
    /// Entries created, removed or renamed: events of the directory itself.
    private static let entryEvents = UInt32(IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO | IN_ONLYDIR)
    /// Files written or changed in their attributes: events of the entries. To report them the kernel first marks
    /// every entry of the directory it holds in memory, the directory locked and the processor not given up
    /// meanwhile: 70 ms for a million entries.
    private static let entryContentEvents = UInt32(IN_CLOSE_WRITE | IN_ATTRIB)

    private struct Watches {
        var pathsByWatch: [Int32: [UInt8]] = [:]
        var watchesByPath: [[UInt8]: Int32] = [:]
    }

    private let descriptor: Int32
    private let largeDirectoryBytes: Int
    private let watches = Mutex(Watches())
    /// Where events are read, left unwritten until the kernel writes them: only the pages events fill are
    /// resident, not 64 KiB for the life of every directory source.
    private let buffer = Mutex(UnsafeMutableRawBufferPointer.allocate(byteCount: 64 * 1024, alignment: 8))

    /// A queue watching directories of `largeDirectoryBytes` or more for their entries only.
    init?(largeDirectoryBytes: Int = .max) {
        self.largeDirectoryBytes = largeDirectoryBytes
        descriptor = inotify_init1(Int32(IN_CLOEXEC))
        guard descriptor >= 0 else { return nil }
    }

    deinit {
        buffer.withLock { $0.deallocate() }
    }

    func register(_ paths: Set<[UInt8]>) {
        watches.withLock { watches in
            for (path, watch) in watches.watchesByPath where !paths.contains(path) {
                inotify_rm_watch(descriptor, watch)
                watches.watchesByPath[path] = nil
                watches.pathsByWatch[watch] = nil
            }
            for path in paths where watches.watchesByPath[path] == nil {
                let watch = path.withNullTerminated { inotify_add_watch(descriptor, $0, mask(for: $0)) }
                guard watch >= 0 else { continue }
                watches.watchesByPath[path] = watch
                watches.pathsByWatch[watch] = path
            }
        }
    }

    /// What to watch in the directory at `path`: its entries' contents too unless it is very large.
    private func mask(for path: UnsafePointer<CChar>) -> UInt32 {
        var status = stat()
        let large = stat(path, &status) == 0 && Int(status.st_size) >= largeDirectoryBytes
        return large ? Self.entryEvents : Self.entryEvents | Self.entryContentEvents
    }

    func wait(milliseconds: Int32) -> Set<[UInt8]>? {
        var ready = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        let polled = poll(&ready, 1, milliseconds)
        if polled < 0 { return errno == EINTR ? [] : nil }
        if polled == 0 { return [] }
        return buffer.withLock { buffer in
            let count = read(descriptor, buffer.baseAddress!, buffer.count)
            if count <= 0 { return errno == EINTR || errno == EAGAIN ? [] : nil }
            return directories(in: UnsafeRawBufferPointer(rebasing: buffer[..<count]))
        }
    }

    /// The watched directories named by the events read.
    private func directories(in bytes: UnsafeRawBufferPointer) -> Set<[UInt8]> {
        var named: Set<Int32> = []
        var offset = 0
        while offset + 16 <= bytes.count {
            named.insert(bytes.loadUnaligned(fromByteOffset: offset, as: Int32.self))
            let nameLength = Int(bytes.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
            offset += 16 + nameLength
        }
        return watches.withLock { watches in
            // An overflowed queue (watch -1) may have lost any directory's events.
            if named.contains(-1) { return Set(watches.watchesByPath.keys) }
            return Set(named.compactMap { watches.pathsByWatch[$0] })
        }
    }
}
#endif
