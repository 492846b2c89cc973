import ArborTUI
import Foundation
import Testing

@Suite("Placeholders are substituted shell-quoted: data never runs")
struct PlaceholderTests {
    static let hostile = ["$(touch pwned)", "'; rm -rf ~ #", "`id`", "a\"b", "new\nline", "back\\slash", "-n", "ünï 名"]

    /// What `/bin/sh -c` makes of the command: each argument of printf on a line.
    func run(_ command: [UInt8], in directory: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", String(decoding: command, as: UTF8.self)]
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        process.waitUntilExit()
        return String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    }

    @Test func hostileValuesArriveAsLiteralArguments() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("arbor-ph-\(UUID().uuidString.prefix(8))").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        for name in Self.hostile {
            var values = PlaceholderValues()
            values.id = name
            values.title = name
            values.path = name
            values.file = name
            values.parent = name
            values.query = name
            let output = try run(Placeholders.expand("printf '%s|' {} {id} {title} {path} {file} {parent} {q}", with: values), in: directory)
            #expect(output == String(repeating: name + "|", count: 7), "\(name)")
        }
        #expect(!FileManager.default.fileExists(atPath: directory + "/pwned"), "nothing but printf ran")
    }

    @Test func markedItemsAreEachQuotedAndNumbersAreBare() throws {
        var values = PlaceholderValues()
        values.id = "focused"
        values.depth = 3
        values.line = 42
        #expect(String(decoding: Placeholders.expand("x {+}", with: values), as: UTF8.self) == "x 'focused'")
        values.marked = ["a b", "it's"]
        #expect(String(decoding: Placeholders.expand("x {+} +{line} {depth}", with: values), as: UTF8.self) == #"x 'a b' 'it'\''s' +42 3"#)
    }

    @Test func bracesThatAreNotPlaceholdersStay() {
        var values = PlaceholderValues()
        values.id = "v"
        #expect(String(decoding: Placeholders.expand("awk '{print $1}' {} {nope} {", with: values), as: UTF8.self) == "awk '{print $1}' 'v' {nope} {")
        values.id = "a\u{0}b"
        #expect(Placeholders.quote(values.id) == Array("'a?b'".utf8), "no argument holds a NUL")
        #expect(PlaceholderValues.needsLocation("vim +{line} {file}") && !PlaceholderValues.needsLocation("cat {}"))
    }
}
