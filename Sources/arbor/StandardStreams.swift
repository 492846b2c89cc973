#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

import ArborCore
import ArborTUI

/// Writes a line to standard error, with any control characters from the data made visible and harmless.
func printError(_ text: String) {
    let inert = InertText.escaped(text)
    let line = inert.hasSuffix("\n") ? inert : inert + "\n"
    _ = writeAll(2, Array(line.utf8))
}

/// Writes bytes to a descriptor; false once the reader has gone (EPIPE) or on another error.
@discardableResult
func writeAll(_ descriptor: Int32, _ bytes: [UInt8]) -> Bool {
    var offset = 0
    while offset < bytes.count {
        let written = bytes[offset...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        if written < 0 {
            if errno == EINTR { continue }
            return false
        }
        offset += written
    }
    return true
}

/// Standard output gathered into larger writes for long answers: the first record goes out at once, later
/// ones when 32 KiB have gathered or 50 ms have passed since the last write, and the rest on `flush`.
struct GatheredOutput {
    private var pending: [UInt8] = []
    private var lastWrite = MonotonicClock.seconds()
    private var wroteFirst = false

    /// Adds a record; false once the reader has gone.
    mutating func write(_ bytes: [UInt8]) -> Bool {
        pending += bytes
        let now = MonotonicClock.seconds()
        guard !wroteFirst || pending.count >= 32_768 || now - lastWrite >= 0.05 else { return true }
        wroteFirst = true
        lastWrite = now
        return flush()
    }

    /// Writes what has gathered; false once the reader has gone.
    mutating func flush() -> Bool {
        defer { pending.removeAll(keepingCapacity: true) }
        return pending.isEmpty || writeAll(1, pending)
    }
}
