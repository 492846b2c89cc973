import ArborCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads JSON Lines on another thread while they are shown: a file's first part is shown at once and the rest
/// indexed, then shown whole; a pipe's lines are shown as they come (`tail -f app.log | arbor`), more lines at a
/// time as the input grows, so that the copies a larger input costs stay a small part of the reading.
enum JSONLinesStream {
    /// The lines whole so far, growing on another thread to the end of the input (or the ceiling).
    static func start(_ reader: SourceReader, name: String, request: SourceRequest) -> GrowingJSONLines {
        let share = request.ceiling.streamShare
        var scanner = JSONLinesScanner(inputSize: reader.isRegularFile ? reader.size : share, expectedSize: reader.size)
        reader.bytes.withUnsafeBufferPointer { scanner.scan($0, final: false) }
        let growing = GrowingJSONLines(partial: JSONLinesKind.document(reader.bytes, scanner, name: name, mapping: request.mapping))
        let handoff = JSONLinesHandoff(reader: reader, scanner: scanner)
        let origin = request.path ?? "stdin"
        let notice = request.ceiling.cutNotice(origin: origin)
        WorkerThreads.start {
            var scanner = handoff.scanner
            let reader = handoff.reader
            let mapping = request.mapping
            do throws(SourceLoadError) {
                if reader.isRegularFile {
                    request.firstFrame.wait()
                    if reader.size <= share, let mapped = reader.mapWhole(leased: !request.maps),
                       continues(mapped, reader.bytes, upTo: scanner.scanned) {
                        growing.complete(with: indexMapped(mapped, &scanner, name: name, mapping: mapping),
                                         problem: malformedNote(scanner))
                        return
                    }
                    try reader.readRest(limit: share)
                    indexWhole(reader.bytes, &scanner)
                } else {
                    try follow(reader, &scanner, growing, name: name, mapping: mapping, share: share)
                }
            } catch {
                reader.bytes.withUnsafeBufferPointer { scanner.scan($0, final: true) }
                growing.complete(with: JSONLinesKind.document(reader.bytes, scanner, name: name, mapping: mapping), problem: error.message)
                return
            }
            let cut = !reader.isAtEnd
            if !cut { reader.progress.finishReading() }
            reader.bytes.withUnsafeBufferPointer { scanner.scan($0, final: !cut) }
            let notes = (cut ? [notice] : []) + [malformedNote(scanner)].compactMap { $0 }
            growing.complete(with: JSONLinesKind.document(reader.bytes, scanner, name: name, mapping: mapping),
                             problem: notes.isEmpty ? nil : notes.joined(separator: "; "))
        }
        return growing
    }

    /// How many lines are malformed, when any are.
    private static func malformedNote(_ scanner: JSONLinesScanner) -> String? {
        let malformed = scanner.index.lines?.malformed.count ?? 0
        return malformed == 0 ? nil : malformed == 1 ? "1 malformed line" : "\(malformed) malformed lines"
    }

    /// Whether the file mapped still begins with the bytes its first part was scanned from (it was not rewritten
    /// in between, which would leave the first lines' index pointing into other text).
    private static func continues(_ mapped: SourceBytes, _ read: [UInt8], upTo count: Int) -> Bool {
        guard count <= read.count, count <= mapped.count else { return false }
        return mapped.withUnsafeBufferPointer { mapped in
            read.withUnsafeBufferPointer { read in
                count == 0 || memcmp(mapped.baseAddress!, read.baseAddress!, count) == 0
            }
        }
    }

    /// The whole of a regular file, mapped rather than read (the lines of its first part, scanned from the bytes
    /// read then, are the same bytes), indexed on from where the first part's scan stopped.
    private static func indexMapped(_ mapped: SourceBytes, _ scanner: inout JSONLinesScanner, name: String,
                                    mapping: FieldMapping) -> LazyJSONDocument {
        scanner.reserve(forSize: mapped.count)
        mapped.withUnsafeBufferPointer { scanner.scan($0, final: true) }
        return JSONLinesKind.document(mapped, scanner, name: name, mapping: mapping)
    }

    /// Indexes bytes that are all read. No version is shown in between: each would copy the index once more
    /// lines are added, past the memory budget, for a pass of about 3 s a gigabyte.
    private static func indexWhole(_ bytes: [UInt8], _ scanner: inout JSONLinesScanner) {
        scanner.reserve(forSize: bytes.count)
        bytes.withUnsafeBufferPointer { scanner.scan($0, final: false) }
    }

    /// Reads a pipe as lines come, showing new lines within about 10 ms while the input is small, less often
    /// as it grows (each version shown holds the bytes, which reading on then copies).
    private static func follow(_ reader: SourceReader, _ scanner: inout JSONLinesScanner, _ growing: GrowingJSONLines,
                               name: String, mapping: FieldMapping, share: Int) throws(SourceLoadError) {
        var shownAt = MonotonicClock.seconds()
        var shownLines = scanner.index.lines?.count ?? 0
        while !reader.isAtEnd, reader.bytes.count < share {
            let interval = max(0.01, Double(reader.bytes.count) / 250e6)
            let unshown = (scanner.index.lines?.count ?? 0) > shownLines
            let wait = unshown ? max(0, shownAt + interval - MonotonicClock.seconds()) : nil
            if reader.waitForInput(seconds: wait) {
                try reader.read(limit: share, for: 0.005)
                reader.bytes.withUnsafeBufferPointer { scanner.scan($0, final: false) }
            }
            let lines = scanner.index.lines?.count ?? 0
            if lines > shownLines, MonotonicClock.seconds() - shownAt >= interval, !reader.isAtEnd {
                growing.update(with: JSONLinesKind.document(reader.bytes, scanner, name: name, mapping: mapping))
                shownAt = MonotonicClock.seconds()
                shownLines = lines
            }
        }
    }
}

/// Hands the reader and the scanner to the thread that reads on; the opening thread no longer touches them.
private struct JSONLinesHandoff: @unchecked Sendable {
    let reader: SourceReader
    let scanner: JSONLinesScanner
}
