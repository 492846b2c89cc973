#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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
