import ArborCore
@testable import ArborSources
import Foundation
import Testing

@Suite("A followed large file is mapped under a lease and copied before anyone writes it", .serialized)
struct FileLeaseTests {
    /// A followed document (as the browser opens one) of `bytes`, written to a new file unless `given`, leased
    /// and opened on a thread that has ended by the time it is returned (as the rest of a large file is).
    func followed(_ bytes: [UInt8], at given: String? = nil) async throws -> (LazyJSONDocument, String) {
        let path = given ?? FileManager.default.temporaryDirectory.appendingPathComponent("arbor-lease-\(UUID().uuidString).json").path
        if given == nil { try Data(bytes).write(to: URL(fileURLWithPath: path)) }
        let request = SourceRequest(path: path, format: .document)
        #expect(!request.maps && request.watches)
        // A process started elsewhere in the suite holds every open file of the moment until it runs its
        // program, the one just written too, and a file open for writing is not leased: opened again then.
        for _ in 0..<20 {
            let opened = OpenedOnAThread()
            WorkerThreads.perform(2) { part in
                if part == 1 { opened.source = try? SourceOpener.open(request).hierarchy }
            }
            let document = try #require(opened.source as? LazyJSONDocument)
            if document.bytes.isMapped { return (document, path) }
            try await Task.sleep(for: .milliseconds(50))
        }
        Issue.record("the file was never leased")
        throw CancellationError()
    }

    /// Runs `script` in a shell that is given `path` as `$1`, and waits for it.
    func shell(_ script: String, _ path: String) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", script, "sh", path]
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }

    @Test func aFileCutAndRewrittenUnderTheBrowserKeepsTheBytesThatWereIndexed() async throws {
        let bytes = FileMappingTests.document(atLeast: FileMapping.threshold * 2)
        let (document, path) = try await followed(bytes)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let copiesBefore = FileMapping.leaseCopies
        // The writer's open (O_TRUNC) waits until the mapping is a copy of its own; read after it, a mapping
        // that followed the file would be a bus error past the file's new end, or other bytes before it.
        #expect(try shell("printf '[\"other\"]' > \"$1\"", path) == 0)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "[\"other\"]")
        #expect(FileMapping.leaseCopies == copiesBefore + 1)
        #expect(document.bytes.array == bytes)
        let last = Int(document.index.memberCount[0]) - 1
        let items = try await document.children(of: "", in: (last - 1)..<(last + 1))
        #expect(items.map(\.id) == ["/\(last - 1)", "/\(last)"])
        #expect(items.last?.content.fields.first { $0.name == "text" }?.value == "value \(last)")
        let again = try FileMappingTests().opened(bytes, maps: true)
        #expect(document.index.holdsTheSameContainers(as: again.index))
    }

    @Test func aLargeTableIsLeasedToo() async throws {
        var text = "id,parent,name\n"
        for row in 0..<40_000 { text += "r\(row),\(row == 0 ? "" : "r0"),row number \(row) of the table\n" }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("arbor-lease-\(UUID().uuidString).csv").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(text.utf8.count > FileMapping.threshold)
        var table: IndexedTable?
        for _ in 0..<20 {
            table = try SourceOpener.open(SourceRequest(path: path, format: .csv)).hierarchy as? IndexedTable
            if table?.bytes.isMapped == true { break }
            try await Task.sleep(for: .milliseconds(50))
        }
        let leased = try #require(table)
        #expect(leased.bytes.isMapped)
        #expect(try shell("printf 'id,parent\\n' > \"$1\"", path) == 0)
        #expect(try await leased.item("r39999").content.title == "row number 39999 of the table")
        #expect(try await leased.numberOfChildren(of: "r0") == 39_999)
    }

    @Test func aFileAppendedToKeepsItsLeaseAndItsBytes() async throws {
        let bytes = FileMappingTests.document(atLeast: FileMapping.threshold + 1)
        let (document, path) = try await followed(bytes)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let copiesBefore = FileMapping.leaseCopies
        // Opened to append, the file is opened for writing all the same: the lease is given up for a copy.
        #expect(try shell("printf ' ' >> \"$1\"", path) == 0)
        #expect(FileMapping.leaseCopies == copiesBefore + 1)
        #expect(document.bytes.array == bytes)
    }

    @Test func aFileOpenForWritingElsewhereIsRead() throws {
        let bytes = FileMappingTests.document(atLeast: FileMapping.threshold + 1)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("arbor-lease-\(UUID().uuidString).json").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        // A writer holds the file open (a log being written): no lease is granted, and the file is read.
        let writer = try #require(FileHandle(forWritingAtPath: path))
        defer { try? writer.close() }
        let document = try #require(try SourceOpener.open(SourceRequest(path: path, format: .document)).hierarchy as? LazyJSONDocument)
        #expect(!document.bytes.isMapped)
        #expect(document.bytes.array == bytes)
    }

    @Test func aLeasedMappingIsGivenUpWhenItsSourceGoes() async throws {
        let bytes = FileMappingTests.document(atLeast: FileMapping.threshold + 1)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("arbor-lease-\(UUID().uuidString).json").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        do {
            let (document, _) = try await followed(bytes, at: path)
            #expect(document.bytes.isMapped)
        }
        let copiesBefore = FileMapping.leaseCopies
        // No lease is left on the file: a writer goes on at once, and nothing is copied for it.
        #expect(try shell("printf '[]' > \"$1\"", path) == 0)
        #expect(FileMapping.leaseCopies == copiesBefore)
    }
}

/// What the thread that opened a source left, read once it has ended.
private final class OpenedOnAThread: @unchecked Sendable {
    var source: (any HierarchySource)?
}
