import Foundation
import Testing

@Suite("Command line errors")
struct CommandLineTests {
    func temporaryFile(_ text: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("arbor-\(UUID().uuidString).json").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func invalidJSONSaysWhereAndExitsTwo() throws {
        let path = try temporaryFile("{\n  \"name\": \"x\",\n  \"children\": [1,,2]\n}")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = try runCommand(arborBinary, [path])
        #expect(result.status == 2)
        #expect(result.stderr == "arbor: \(path):3:18: invalid JSON: unexpected ',', expected a value\n")
        #expect(result.stdout.isEmpty)
    }

    @Test func dataInMessagesReachesTheTerminalInert() throws {
        let path = try temporaryFile("id,parent\n1,\u{1B}]52;c;aGk=\u{07}\n")
        let csv = path.replacingOccurrences(of: ".json", with: ".csv")
        try FileManager.default.moveItem(atPath: path, toPath: csv)
        defer { try? FileManager.default.removeItem(atPath: csv) }
        let result = try runCommand(arborBinary, ["print", csv])
        #expect(result.stderr == "arbor: \(csv): line 2: parent '^[]52;c;aGk=^G' of '1' does not exist\n")
        #expect(!result.stderr.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 })
    }

    @Test func aMissingFileExitsTwo() throws {
        let result = try runCommand(arborBinary, ["/nonexistent/plant.json"])
        #expect(result.status == 2)
        #expect(result.stderr == "arbor: /nonexistent/plant.json: No such file or directory\n")
    }

    @Test func badUsageExitsTwo() throws {
        let result = try runCommand(arborBinary, ["--cells", "tall", samplePath("plant-maintenance.json")])
        #expect(result.status == 2)
        #expect(result.stderr.contains("--cells must be auto, full or single, not 'tall'"))
        let unknown = try runCommand(arborBinary, ["--frobnicate"])
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("Unknown option '--frobnicate'"))
    }

    @Test func helpGoesToStdoutAndExitsZero() throws {
        let result = try runCommand(arborBinary, ["--help"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("USAGE: arbor"))
        #expect(result.stdout.contains("--cells"))
        #expect(result.stdout.contains("'arbor print [SOURCE]'"))
        let print = try runCommand(arborBinary, ["print", "--help"])
        #expect(print.status == 0)
        #expect(print.stdout.contains("USAGE: arbor print [<options>] [<source>]"))
        #expect(print.stdout.contains("--depth <depth>"))
        #expect(try runCommand(arborBinary, ["help", "query"]).stdout.contains("USAGE: arbor query [<options>] <relation> <id>"))
    }

    /// `arbor --version` names the version and the commit built (or "unknown"), whatever the settings say.
    @Test func versionNamesTheCommit() throws {
        let pattern = try Regex(#"arbor [0-9]+\.[0-9]+\.[0-9]+ \(commit ([0-9a-f]{12}(-dirty)?|unknown)\)\n"#)
        let version = try runCommand(arborBinary, ["--version"])
        #expect(version.status == 0)
        #expect(version.stdout.wholeMatch(of: pattern) != nil, "\(version.stdout)")
        let folder = try makeScratchFolder("arbor-version")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("arbor"), withIntermediateDirectories: true)
        try "theme = [".write(to: folder.appendingPathComponent("arbor/config.toml"), atomically: true, encoding: .utf8)
        let broken = try runCommand("/usr/bin/env", ["XDG_CONFIG_HOME=\(folder.path)", arborBinary, "--version"])
        #expect(broken.status == 0 && broken.stdout == version.stdout, "\(broken.stderr)")
    }

    @Test func usageMistakesNameTheCommandsUsage() throws {
        let missing = try runCommand(arborBinary, ["query", "ancestors"])
        #expect(missing.status == 2)
        #expect(missing.stderr == """
            arbor: Missing expected argument '<id>'
            Usage: arbor query [<options>] <relation> <id> [<source>] (see 'arbor --help')

            """)
        let depth = try runCommand(arborBinary, ["print", "--depth", "two", samplePath("org-chart.csv")])
        #expect(depth.status == 2)
        #expect(depth.stderr.hasPrefix("arbor: --depth takes a whole number, not 'two'\n"))
        let relation = try runCommand(arborBinary, ["query", "cousins", "x", samplePath("org-chart.csv")])
        #expect(relation.status == 2)
        #expect(relation.stderr.hasPrefix("arbor: <relation> must be ancestors, descendants, siblings, group or path, not 'cousins'"))
    }

    @Test func withoutATerminalItSaysSoAndExitsTwo() throws {
        let result = try runCommand("/usr/bin/setsid", ["-w", arborBinary, samplePath("plant-maintenance.json")])
        #expect(result.status == 2)
        #expect(result.stderr.contains("no terminal"))
    }

    @Test func queriesPrintRelativesWithoutAScreen() throws {
        let plant = samplePath("plant-maintenance.json")
        let ancestors = try runCommand(arborBinary, ["query", "ancestors", "EQ-819704-1", plant, "--output", "title"])
        #expect(ancestors.status == 0)
        #expect(ancestors.stdout == "Heat Exchanger P-21\nCooling Tower B-200\nHamburg Plant\nPlants\n")
        let siblings = try runCommand(arborBinary, ["query", "siblings", "P2000", plant])
        #expect(siblings.stdout == "P1000\nP3000\n")
        let grouped = try runCommand(arborBinary, [
            "query", "group", "FL-1000-A100", plant, "--by", "type", "--where", "status=OK", "--output", "title",
        ])
        #expect(grouped.status == 0)
        #expect(grouped.stdout.split(separator: "\n").allSatisfy { $0.hasPrefix("Component\t") })
        let none = try runCommand(arborBinary, ["query", "descendants", "P1000", plant, "--where", "status=Nope"])
        #expect(none.status == 1)
        #expect(none.stdout.isEmpty)
        let unknown = try runCommand(arborBinary, ["query", "ancestors", "nope", plant])
        #expect(unknown.status == 2)
        #expect(unknown.stderr == "arbor: no item with id 'nope'\n")
        let paths = try runCommand("/bin/sh", ["-c", "printf 'a/b/c\\na/d\\n' | \(shellQuote(arborBinary)) query descendants a"])
        #expect(paths.stdout == "a/b\na/b/c\na/d\n")
    }

    @Test func queriesOfADocumentPrintEachItemsTitlesFromTheTop() throws {
        let folder = try makeScratchFolder("arbor-query")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("q.json").path
        try #"{"a": {"b": {"c": 1}, "d": [2, 3]}, "e": 4}"#.write(toFile: file, atomically: true, encoding: .utf8)
        let descendants = try runCommand(arborBinary, ["query", "descendants", "/a", file, "--output", "path"])
        #expect(descendants.stdout == "q.json/a/b\nq.json/a/b/c\nq.json/a/d\nq.json/a/d/[0]\nq.json/a/d/[1]\n")
        let ancestors = try runCommand(arborBinary, ["query", "ancestors", "/a/b/c", file, "--output", "path"])
        #expect(ancestors.stdout == "q.json/a/b\nq.json/a\nq.json\n")
        let siblings = try runCommand(arborBinary, ["query", "siblings", "/a/d/1", file, "--output", "json"])
        #expect(siblings.stdout == #"{"id":"/a/d/0","title":"[0]","path":["q.json","a","d","[0]"],"fields":{"value":"2"}}"# + "\n")
        let grouped = try runCommand(arborBinary, ["query", "group", "/a", file, "--by", "value", "--output", "title"])
        #expect(grouped.stdout == "\tb\n\td\n1\tc\n2\t[0]\n3\t[1]\n")
        let root = try runCommand(arborBinary, ["query", "descendants", "", file, "--where", "value=4"])
        #expect(root.status == 0 && root.stdout == "/e\n")
    }
}
