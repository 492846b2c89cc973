import Synchronization

/// How far reading a source has come, written by the thread that reads and read by the loading screen.
package final class ReadProgress: Sendable {
    private let read = Atomic<Int>(0)
    private let total = Atomic<Int>(-1)
    private let readingDone = Atomic<Bool>(false)

    /// A progress of nothing read yet.
    package init() {}

    /// The bytes read so far.
    package var bytesRead: Int { read.load(ordering: .relaxed) }

    /// The size of the input, when it is known (a regular file).
    package var totalBytes: Int? {
        let value = total.load(ordering: .relaxed)
        return value >= 0 ? value : nil
    }

    /// Whether every byte has been read (what remains is building the index).
    package var isReadingDone: Bool { readingDone.load(ordering: .relaxed) }

    package func expect(_ bytes: Int) { total.store(bytes, ordering: .relaxed) }

    package func add(_ bytes: Int) { read.add(bytes, ordering: .relaxed) }

    package func finishReading() { readingDone.store(true, ordering: .relaxed) }
}
