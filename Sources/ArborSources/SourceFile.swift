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

/// Reads a whole file into memory with plain system calls, reporting failures with the system's reason.
public enum SourceFile {
    /// The bytes of the file at `path`.
    public static func read(_ path: String) throws(SourceLoadError) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw SourceLoadError("\(path): \(reason(errno))") }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw SourceLoadError("\(path): \(reason(errno))") }
        if (status.st_mode & S_IFMT) == S_IFDIR { throw SourceLoadError("\(path): is a directory") }
        let size = (status.st_mode & S_IFMT) == S_IFREG ? Int(status.st_size) : 0
        var failure: Int32 = 0
        var bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
            count = 0
            guard let base = buffer.baseAddress else { return }
            while count < buffer.count {
                let read = systemRead(descriptor, base + count, buffer.count - count)
                if read < 0, errno == EINTR { continue }
                if read < 0 { failure = errno }
                if read <= 0 { return }
                count += read
            }
        }
        if failure != 0 { throw SourceLoadError("\(path): \(reason(failure))") }
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw SourceLoadError("\(path): \(reason(errno))")
            }
            if count == 0 { break }
            bytes.append(contentsOf: chunk[0..<count])
        }
        return bytes
    }

    private static func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
        #if canImport(Glibc)
        return Glibc.read(descriptor, buffer, count)
        #else
        return Darwin.read(descriptor, buffer, count)
        #endif
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
