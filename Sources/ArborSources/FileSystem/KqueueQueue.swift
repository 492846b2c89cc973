#if canImport(Darwin)
import Darwin
import Synchronization

/// kqueue's vnode events, one descriptor opened for events only per watched path (macOS): a directory's
/// entries created, removed or renamed; a file written, extended, renamed or deleted. A path whose file was
/// deleted or renamed away is opened again, so that the watch follows the path, not the file that was there.
final class KqueueQueue: KernelChangeQueue {
    private struct Registrations {
        var pathsByFile: [Int32: [UInt8]] = [:]
        var filesByPath: [[UInt8]: Int32] = [:]
    }

    private static let notes = UInt32(NOTE_WRITE | NOTE_EXTEND | NOTE_ATTRIB | NOTE_DELETE | NOTE_RENAME)

    private let queue: Int32
    private let registrations = Mutex(Registrations())

    init?() {
        queue = kqueue()
        guard queue >= 0 else { return nil }
    }

    func register(_ paths: Set<[UInt8]>) {
        registrations.withLock { registrations in
            for (path, file) in registrations.filesByPath where !paths.contains(path) {
                close(file)
                registrations.filesByPath[path] = nil
                registrations.pathsByFile[file] = nil
            }
            for path in paths where registrations.filesByPath[path] == nil {
                add(path, to: &registrations)
            }
        }
    }

    func wait(milliseconds: Int32) -> Set<[UInt8]>? {
        var events: [kevent] = Array(repeating: kevent(), count: 64)
        var limit = timespec(tv_sec: Int(milliseconds / 1000), tv_nsec: Int(milliseconds % 1000) * 1_000_000)
        let count = milliseconds < 0
            ? kevent(queue, nil, 0, &events, Int32(events.count), nil)
            : kevent(queue, nil, 0, &events, Int32(events.count), &limit)
        if count < 0 { return errno == EINTR ? [] : nil }
        return registrations.withLock { registrations in
            var changed: Set<[UInt8]> = []
            for event in events.prefix(Int(count)) {
                let file = Int32(event.ident)
                guard let path = registrations.pathsByFile[file] else { continue }
                changed.insert(path)
                if event.fflags & UInt32(NOTE_DELETE | NOTE_RENAME) != 0 {
                    close(file)
                    registrations.pathsByFile[file] = nil
                    registrations.filesByPath[path] = nil
                    add(path, to: &registrations)
                }
            }
            return changed
        }
    }

    /// Opens `path` for events and adds it to the queue; a path that cannot be opened is not watched.
    private func add(_ path: [UInt8], to registrations: inout Registrations) {
        let file = path.withNullTerminated { open($0, O_EVTONLY) }
        guard file >= 0 else { return }
        var change = kevent(ident: UInt(file), filter: Int16(EVFILT_VNODE), flags: UInt16(EV_ADD | EV_CLEAR),
                            fflags: Self.notes, data: 0, udata: nil)
        guard kevent(queue, &change, 1, nil, 0, nil) >= 0 else {
            close(file)
            return
        }
        registrations.filesByPath[path] = file
        registrations.pathsByFile[file] = path
    }
}
#endif
