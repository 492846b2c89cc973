import ArborCore
import ArborSources
import Foundation
import Testing

/// An entry's texts: its time local and in UTC, its permissions and its mode, as `ls -l` and `stat` users read them.
@Suite("A file's cell and fields")
struct FileEntryTextTests {
    /// `seconds` formatted by the C library, the oracle the entry's texts are checked against.
    func formatted(_ seconds: Int, _ format: String, utc: Bool) -> String {
        var time = time_t(seconds)
        var parts = tm()
        if utc { gmtime_r(&time, &parts) } else { localtime_r(&time, &parts) }
        var buffer = [CChar](repeating: 0, count: 64)
        let count = strftime(&buffer, buffer.count, format, &parts)
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    @Test(arguments: [(0o640, "rw-r-----", 1_614_834_367), (0o755, "rwxr-xr-x", 86_399), (0o7001, "--------x", 4_102_444_800),
                      (0o000, "---------", 1_700_000_000)])
    func timesAndPermissionsReadAsTheCLibraryWritesThem(mode: Int, letters: String, seconds: Int) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("arbor-entry-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/f.txt"
        _ = FileManager.default.createFile(atPath: path, contents: Data("hello".utf8))
        var times = [timeval(tv_sec: seconds, tv_usec: 0), timeval(tv_sec: seconds, tv_usec: 0)]
        #expect(utimes(path, &times) == 0)
        #expect(chmod(path, mode_t(mode)) == 0)
        let item = try #require(try await FileSystemSource(path: folder).children(of: folder).first)
        #expect(item.content.body == formatted(seconds, "%Y-%m-%d %H:%M", utc: false) + " · " + letters)
        #expect(item.value(of: "mtime") == formatted(seconds, "%Y-%m-%dT%H:%M:%SZ", utc: true))
        #expect(item.value(of: "mode") == "0" + String(mode & 0o7777, radix: 8))
        #expect(item.value(of: "size") == "5")
    }
}
