#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A problem opening or reading a source, with a message that names the file and the place.
package struct SourceLoadError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The whole message, starting with the file name.
    package var message: String
    /// The byte of the input the reading stopped at, where the reader knows it (malformed JSON).
    package var offset: Int?

    /// Creates an error.
    package init(_ message: String, offset: Int? = nil) {
        self.message = message
        self.offset = offset
    }

    package var description: String { message }

    /// Two errors are the same when they say the same.
    package static func == (lhs: SourceLoadError, rhs: SourceLoadError) -> Bool { lhs.message == rhs.message }

    package func hash(into hasher: inout Hasher) { hasher.combine(message) }
}

/// Reads a whole file into memory, and asks what a path names.
package enum SourceFile {
    /// The bytes of the file at `path`.
    package static func read(_ path: String) throws(SourceLoadError) -> [UInt8] {
        let reader = try SourceReader(path: path)
        try reader.readRest()
        return reader.bytes
    }

    /// Whether a path names something that exists.
    package static func exists(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0
    }

    /// Whether a path names a directory (following symbolic links).
    package static func isDirectory(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR
    }

    /// What tells one version of a regular file from another (device, inode, size, modification time), or nil
    /// for anything else (a pipe, a terminal, a directory, nothing).
    static func version(_ path: String) -> [Int]? {
        var status = stat()
        guard stat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { return nil }
        #if os(Linux)
        let modified = [Int(status.st_mtim.tv_sec), Int(status.st_mtim.tv_nsec)]
        #else
        let modified = [Int(status.st_mtimespec.tv_sec), Int(status.st_mtimespec.tv_nsec)]
        #endif
        return [Int(status.st_dev), Int(status.st_ino), Int(status.st_size)] + modified
    }

    /// The system's text for an error number.
    static func reason(_ code: Int32) -> String {
        String(cString: strerror(code))
    }
}
