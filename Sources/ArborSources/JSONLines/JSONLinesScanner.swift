#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Builds the index of a JSON Lines input as its lines come, each line's value a member of container 0: a line
/// that is not one JSON value is kept as a malformed member (with the parser's line, column and reason) and
/// the lines after it are read as usual. Blank lines are passed over.
struct JSONLinesScanner: Sendable {
    /// The index of the lines scanned so far.
    private(set) var index: JSONDocumentIndex
    /// Where the next line starts.
    private(set) var scanned = 0
    /// The number (from 1) of the line that starts at ``scanned``.
    private var lineNumber = 1
    private var blank = 0
    private var stack: [JSONDocumentScanner.Frame] = []

    /// An empty index for an input of at most `inputSize` bytes (which decides the width of its offsets), with
    /// room made for the lines and containers of `expectedSize` bytes (a file's size; 0 for a stream). The room
    /// is generous (a container every 48 bytes): pages never written cost no memory, while an array that
    /// outgrows its room holds its old and new storage at once.
    init(inputSize: Int, expectedSize: Int = 0) {
        index = JSONDocumentIndex(inputSize: inputSize, expectedContainers: expectedSize / 48)
        index.lines = JSONLinesTable(inputSize: inputSize, expectedLines: expectedSize / 96)
        _ = index.open(at: 0, parent: -1, position: 0)
    }

    /// Makes the room of an input of `expectedSize` bytes again, after a version shown took the index's storage.
    mutating func reserve(forSize expectedSize: Int) {
        index.reserve(containers: expectedSize / 48)
        index.lines?.reserve(lines: expectedSize / 96)
    }

    /// Indexes the whole lines of `bytes` not indexed yet and, when the input has ended (`final`), the last
    /// line without its newline.
    mutating func scan(_ bytes: UnsafeBufferPointer<UInt8>, final: Bool) {
        guard let base = bytes.baseAddress else { return }
        while scanned < bytes.count {
            let lineEnd: Int
            if let found = memchr(base + scanned, 0x0A, bytes.count - scanned) {
                lineEnd = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            } else if final {
                lineEnd = bytes.count
            } else {
                break
            }
            scanLine(UnsafeBufferPointer(start: base, count: lineEnd), from: scanned)
            scanned = min(lineEnd + 1, bytes.count)
            lineNumber += 1
        }
        index.close(0, at: scanned, members: Int32(index.lines?.count ?? 0))
    }

    /// Scans the line from `start` to the end of `line` (which ends where the line does).
    private mutating func scanLine(_ line: UnsafeBufferPointer<UInt8>, from start: Int) {
        var first = start
        if start == 0, line.count >= 3, line[0] == 0xEF, line[1] == 0xBB, line[2] == 0xBF { first = 3 }
        JSONGrammar.skipSpace(line, &first)
        guard first < line.count else {
            blank += 1
            return
        }
        let member = Int32(index.lines?.count ?? 0)
        index.lines?.add(at: first, afterBlank: blank)
        blank = 0
        let containers = index.count
        var position = first
        if member < Int32.max, JSONDocumentScanner.scanValue(line, &position, into: &index, parent: 0, position: member, stack: &stack) {
            JSONGrammar.skipSpace(line, &position)
            if position == line.count { return }
        }
        index.truncate(to: containers)
        var end = line.count
        while end > first, line[end - 1] == 0x20 || line[end - 1] == 0x09 || line[end - 1] == 0x0D { end -= 1 }
        let message = problem(in: UnsafeBufferPointer(rebasing: line[first..<end]), column: first - start)
        index.lines?.markLastMalformed(end: end, message: message)
    }

    /// `column C: reason` for a malformed line whose value starts at `column` (from 0).
    private func problem(in value: UnsafeBufferPointer<UInt8>, column: Int) -> String {
        do {
            try JSONDocument.validate(Array(value))
            return "column \(column + 1): too many values to index"
        } catch {
            return "column \(column + error.column): \(error.message)"
        }
    }
}

/// JSON Lines read in two parts, as a pipe may give them: for checks that it finds what reading them whole does.
package enum JSONLinesParts {
    /// The number of lines found when the first `split` bytes are scanned before the rest.
    package static func count(_ bytes: [UInt8], splitAt split: Int) -> Int {
        var scanner = JSONLinesScanner(inputSize: bytes.count)
        bytes.withUnsafeBufferPointer { buffer in
            scanner.scan(UnsafeBufferPointer(rebasing: buffer[..<min(split, buffer.count)]), final: false)
            scanner.scan(buffer, final: true)
        }
        return scanner.index.lines?.count ?? 0
    }
}
