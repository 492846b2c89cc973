import Foundation
import Testing

/// What the release program loads as it starts: the libraries of one kind of source only when such a source opens.
@Suite("The release program's start, in a real terminal")
struct ReleaseStartEndToEndTests {
    /// The files mapped into the release program showing `file` (in the session's folder) once `shown` is on screen.
    func mappedFiles(showing file: String, with bytes: [UInt8], until shown: String, locale: String = "") throws -> String {
        let binary = try #require(arborReleaseBinary)
        let setting = locale.isEmpty ? "" : "LC_ALL=\(locale) "
        let tmux = try TmuxSession("sh -c 'echo $$ > pid; \(setting)exec \(shellQuote(binary)) \(shellQuote(file))'", files: [file: bytes])
        let screen = tmux.waitForScreen { $0.contains(shown) }
        #expect(screen.ok, "\(screen.screen)")
        let pid = try #require(tmux.waitForFile("pid")?.trimmingCharacters(in: .whitespacesAndNewlines))
        // Read to its end: Foundation's file reading stops at the size /proc reports for it.
        let handle = try #require(FileHandle(forReadingAtPath: "/proc/\(pid)/maps"))
        let maps = String(decoding: try handle.readToEnd() ?? Data(), as: UTF8.self)
        try tmux.send("q")
        return maps
    }

    @Test(.enabled(if: arborReleaseBinary != nil && FileManager.default.fileExists(atPath: "/proc/self/maps"),
                   "needs ARBOR_RELEASE_BIN (make test-release sets it) and Linux"))
    func libxml2IsLoadedForXMLOnly() throws {
        let json = try mappedFiles(showing: "a.json", with: Array(#"{"alpha": {"beta": 1}}"#.utf8), until: "alpha")
        #expect(json.contains("libc.so"))
        #expect(!json.contains("libxml2"))
        #expect(!json.contains("libicuuc"))
        #expect(!json.contains("libpq"))
        let xml = try mappedFiles(showing: "a.xml", with: Array("<root><gamma>text</gamma></root>".utf8), until: "gamma")
        #expect(xml.contains("libxml2"))
    }

    @Test(.enabled(if: arborReleaseBinary != nil && FileManager.default.fileExists(atPath: "/proc/self/maps"),
                   "needs ARBOR_RELEASE_BIN (make test-release sets it) and Linux"))
    func theStartLoadsTheCLibraryAndItsMathsOnly() throws {
        let maps = try mappedFiles(showing: "a.json", with: Array(#"{"alpha": {"beta": 1}}"#.utf8), until: "alpha")
        let libraries = Set(maps.split(separator: "\n").compactMap { line -> String? in
            guard let path = line.split(separator: " ", omittingEmptySubsequences: true).last, path.contains(".so") else { return nil }
            return String(path.split(separator: "/").last ?? path)
        })
        #expect(libraries.contains { $0.hasPrefix("libc.so") })
        let others = libraries.filter { !$0.hasPrefix("libc.so") && !$0.hasPrefix("libm.so") && !$0.hasPrefix("ld-linux") }
        #expect(others.isEmpty, "loaded at the start: \(others.sorted())")
    }

    @Test(.enabled(if: arborReleaseBinary != nil && FileManager.default.fileExists(atPath: "/usr/lib/locale/C.utf8/LC_COLLATE"),
                   "needs ARBOR_RELEASE_BIN (make test-release sets it) and the C.UTF-8 locale's files"))
    func theStartReadsNoFileOfTheLocale() throws {
        let maps = try mappedFiles(showing: "a.json", with: Array(#"{"alpha": {"beta": 1}}"#.utf8), until: "alpha", locale: "C.UTF-8")
        #expect(maps.contains("libc.so"), "the maps were read")
        for category in ["LC_CTYPE", "LC_COLLATE", "LC_TIME", "LC_MESSAGES", "LC_NUMERIC", "LC_MONETARY", "gconv"] {
            #expect(!maps.contains(category), "\(category) is mapped")
        }
    }
}
