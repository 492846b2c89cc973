/// The bytes of an input, held in an array or mapped from a file: read in place, never copied or changed.
/// A mapped file's pages come from the system's cache as they are read, with no copy and none of the zeroing
/// fresh memory costs (the reason large inputs are mapped where nothing follows their file).
package struct SourceBytes: RandomAccessCollection, @unchecked Sendable {
    /// What keeps the bytes alive.
    let storage: ByteStorage
    /// The first byte, valid while `storage` lives.
    @usableFromInline let base: UnsafePointer<UInt8>?
    /// The number of bytes.
    package let count: Int

    /// The bytes of an array, read in place.
    package init(_ array: [UInt8]) {
        self.init(ByteStorage(array: array))
    }

    init(_ storage: ByteStorage) {
        self.storage = storage
        base = storage.base
        count = storage.count
    }

    package var startIndex: Int { 0 }
    package var endIndex: Int { count }

    @inlinable
    package subscript(position: Int) -> UInt8 {
        precondition(position >= 0 && position < count, "byte out of range")
        return base.unsafelyUnwrapped[position]
    }

    /// Runs `body` with the bytes by address, valid only inside it.
    package func withUnsafeBufferPointer<Result, Failure>(
        _ body: (UnsafeBufferPointer<UInt8>) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        defer { withExtendedLifetime(storage) {} }
        return try body(UnsafeBufferPointer(start: base, count: count))
    }

    /// Runs `body` with the bytes as raw memory, valid only inside it.
    package func withUnsafeBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        defer { withExtendedLifetime(storage) {} }
        return try body(UnsafeRawBufferPointer(start: base, count: count))
    }

    package func withContiguousStorageIfAvailable<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result? {
        defer { withExtendedLifetime(storage) {} }
        return try body(UnsafeBufferPointer(start: base, count: count))
    }

    /// The bytes as an array: the array they were made from, or a copy of a mapped file's.
    package var array: [UInt8] { storage.array ?? withUnsafeBufferPointer { Array($0) } }

    /// Whether the bytes are a file's, mapped.
    package var isMapped: Bool { storage.array == nil }
}

/// An array's storage or a file's mapping, kept for as long as bytes of it are in use.
final class ByteStorage: @unchecked Sendable {
    /// The array, or nil for a mapping.
    let array: [UInt8]?
    let base: UnsafePointer<UInt8>?
    let count: Int
    private let unmap: (() -> Void)?

    init(array: [UInt8]) {
        self.array = array
        // The array is never changed and lives as long as this storage, so its elements stay where they are.
        base = array.withUnsafeBufferPointer { $0.baseAddress }
        count = array.count
        unmap = nil
    }

    init(mapped base: UnsafePointer<UInt8>, count: Int, unmap: @escaping () -> Void) {
        array = nil
        self.base = base
        self.count = count
        self.unmap = unmap
    }

    deinit { unmap?() }
}
