#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A problem opening or reading a source, with a message that names the file and the place.
public struct SourceLoadError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The whole message, starting with the file name.
    public var message: String

    /// Creates an error.
    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}

/// Reads a whole file into memory, and asks what a path names.
public enum SourceFile {
    /// The bytes of the file at `path`.
    public static func read(_ path: String) throws(SourceLoadError) -> [UInt8] {
        let reader = try SourceReader(path: path)
        try reader.readRest()
        return reader.bytes
    }

    /// Whether a path names something that exists.
    public static func exists(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0
    }

    /// Whether a path names a directory (following symbolic links).
    public static func isDirectory(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR
    }

    /// The system's text for an error number.
    static func reason(_ code: Int32) -> String {
        String(cString: strerror(code))
    }
}
