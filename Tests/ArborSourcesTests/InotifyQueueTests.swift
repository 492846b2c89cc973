#if os(Linux)
@testable import ArborSources
import Foundation
import Testing

/// What the kernel's watch of a directory reports, for ordinary directories and for very large ones.
@Suite struct InotifyQueueTests {
    private func folder() throws -> String {
        let path = NSTemporaryDirectory() + "arbor-inotify-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: path + "/kept.txt", contents: Data("one".utf8))
        return path
    }

    /// The paths reported within `seconds`, gathered until one comes or the time is out.
    private func reported(by queue: InotifyQueue, within seconds: Double) -> Set<[UInt8]> {
        let deadline = Date().addingTimeInterval(seconds)
        var seen: Set<[UInt8]> = []
        while seen.isEmpty, Date() < deadline {
            seen.formUnion(queue.wait(milliseconds: Int32(max(1, deadline.timeIntervalSinceNow * 1000))) ?? [])
        }
        return seen
    }

    @Test func aFileWrittenInAWatchedDirectoryIsReported() throws {
        let path = try folder()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let queue = try #require(InotifyQueue())
        queue.register([Array(path.utf8)])
        try Data("two".utf8).write(to: URL(fileURLWithPath: path + "/kept.txt"))
        #expect(reported(by: queue, within: 5) == [Array(path.utf8)])
    }

    @Test func aVeryLargeDirectoryReportsItsEntriesButNotTheirWrites() throws {
        let path = try folder()
        defer { try? FileManager.default.removeItem(atPath: path) }
        // Every directory counts as very large here.
        let queue = try #require(InotifyQueue(largeDirectoryBytes: 1))
        queue.register([Array(path.utf8)])
        try Data("two".utf8).write(to: URL(fileURLWithPath: path + "/kept.txt"))
        #expect(reported(by: queue, within: 0.3).isEmpty, "a file written is not reported")
        _ = FileManager.default.createFile(atPath: path + "/new.txt", contents: Data())
        #expect(reported(by: queue, within: 5) == [Array(path.utf8)], "an entry created is")
    }
}
#endif
