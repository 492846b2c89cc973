#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ArborCore
import CFileLease

/// A regular file mapped whole for reading: as it is for inputs opened where nothing follows the file, under a
/// read lease for a followed one (`mapLeased`). A file cut short while it is mapped ends the program (with a
/// message, exit status 2) instead of reading on; the mapping made last is the one the message names.
enum FileMapping {
    /// Files smaller than this are read: a few pages cost as little to copy as to map.
    static let threshold = 1 << 20

    /// The file's `size` bytes mapped, or nil when they cannot be (then the file is read).
    static func map(_ descriptor: Int32, size: Int, path: String) -> SourceBytes? {
        guard size >= threshold else { return nil }
        #if canImport(Glibc)
        let flags = MAP_PRIVATE | MAP_POPULATE
        #else
        let flags = MAP_PRIVATE
        #endif
        guard let address = mmap(nil, size, PROT_READ, flags, descriptor, 0), address != MAP_FAILED else { return nil }
        var status = stat()
        guard fstat(descriptor, &status) == 0, Int(status.st_size) == size else {
            munmap(address, size)
            return nil
        }
        let start = Int(bitPattern: address)
        return bytes(at: UnsafePointer(address.assumingMemoryBound(to: UInt8.self)), count: size, path: path) {
            munmap(UnsafeMutableRawPointer(bitPattern: start), size)
        }
    }

    /// The bytes of a mapping, named by the bus-error handler, given back by `unmap` when no longer read.
    private static func bytes(at address: UnsafePointer<UInt8>, count: Int, path: String, unmap: @escaping () -> Void) -> SourceBytes {
        BusErrorExit.install(naming: path, at: UnsafeRawPointer(address), count: count)
        return SourceBytes(ByteStorage(mapped: address, count: count, unmap: unmap))
    }
}

extension FileMapping {
    /// The file's `size` bytes mapped under a read lease, for an input that is followed: when another program
    /// opens the file to write or cut it, the bytes are copied to memory of their own first (the writer waits
    /// for the copy), so what was indexed stays as it was read. Nil when the file cannot be leased or mapped.
    static func mapLeased(_ descriptor: Int32, size: Int, path: String) -> SourceBytes? {
        guard size >= threshold else { return nil }
        _ = givesUpLeasesBeforeStopping
        guard let address = arbor_lease_map(descriptor, size) else { return nil }
        // Should the lease be broken without its copy (a writer that waited past the system's time), a read
        // past the file's new end is a bus error, which ends the program with a message rather than a crash.
        let start = Int(bitPattern: address)
        return bytes(at: address, count: size, path: path) { arbor_lease_unmap(UnsafePointer(bitPattern: start)) }
    }

    /// While the program is stopped (Ctrl-Z) it cannot answer a writer: its leased mappings are copies first.
    private static let givesUpLeasesBeforeStopping: Void = ProcessStop.program.beforeStopping { arbor_lease_privatise_all() }

    /// How many leased mappings were replaced by copies for a writer since the program started.
    static var leaseCopies: Int { arbor_lease_copies() }
}

/// Ends the program with a message when a mapped file is cut short under it (the system's bus error at an
/// address of the mapping); any other bus error goes to the handler there was before.
enum BusErrorExit {
    /// The path of the file mapped last and where it lies, as the handler reads them (it may not make a string).
    nonisolated(unsafe) private static var mappedPath: UnsafeMutablePointer<CChar>?
    nonisolated(unsafe) private static var mappedRange: (start: Int, end: Int) = (0, 0)
    nonisolated(unsafe) private static var previous = sigaction()

    private static let installed: Bool = {
        var action = sigaction()
        sigemptyset(&action.sa_mask)
        action.sa_flags = SA_SIGINFO
        #if canImport(Glibc)
        action.__sigaction_handler.sa_sigaction = { signal, info, _ in BusErrorExit.handle(signal, info) }
        #else
        action.__sigaction_u.__sa_sigaction = { signal, info, _ in BusErrorExit.handle(signal, info) }
        #endif
        return sigaction(SIGBUS, &action, &previous) == 0
    }()

    private static func handle(_ signal: Int32, _ info: UnsafeMutablePointer<siginfo_t>?) {
        #if canImport(Glibc)
        let address = info.map { Int(bitPattern: $0.pointee._sifields._sigfault.si_addr) } ?? 0
        #else
        let address = info.map { Int(bitPattern: $0.pointee.si_addr) } ?? 0
        #endif
        guard address >= mappedRange.start, address < mappedRange.end else {
            // Not the mapping: the fault comes again under the handler there was before.
            sigaction(SIGBUS, &previous, nil)
            return
        }
        let start: StaticString = "arbor: "
        let end: StaticString = ": the file was cut short while it was read\n"
        _ = write(2, start.utf8Start, start.utf8CodeUnitCount)
        if let path = mappedPath { _ = write(2, path, strlen(path)) }
        _ = write(2, end.utf8Start, end.utf8CodeUnitCount)
        _exit(2)
    }

    /// Installs the handler once, for the file mapped at `base`.
    static func install(naming path: String, at base: UnsafeRawPointer, count: Int) {
        // An earlier path is not freed: the handler could be reading it. A name's control characters are shown
        // inert, as every message's are.
        mappedPath = strdup(InertText.escaped(path))
        mappedRange = (Int(bitPattern: base), Int(bitPattern: base) + count)
        _ = installed
    }
}
