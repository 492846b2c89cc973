import Foundation
import Testing

@Suite("JSON Lines, XML and settings files browsed as a person would", .serialized)
struct FormatsEndToEndTests {
    let events = """
        {"name":"deploy","level":"info","took":12}
        {"name":"crash","level":"error","code":500}
        {"name": oops}
        {"name":"retry","level":"warn"}

        """

    @Test func jsonLinesAreItemsAMalformedOneSaysWhereAndAPickPrintsTheLine() throws {
        let tmux = try TmuxSession("\(shellQuote(arborBinary)) --pick --output json events.jsonl > out 2> err; echo $? > status",
                                   files: ["events.jsonl": Array(events.utf8)])
        let shown = tmux.waitForScreen { $0.contains("deploy") && $0.contains("retry") }
        #expect(shown.ok, "\(shown.screen)")
        #expect(shown.screen.contains("⚠ line 3"))
        #expect(shown.screen.contains("1 problem in the data"))
        try tmux.send("Down")
        try tmux.send("Down")
        let malformed = tmux.waitForScreen { $0.contains("malformed JSON at column 10") }
        #expect(malformed.ok, "\(malformed.screen)")
        try tmux.send("Up")
        #expect(tmux.waitForScreen { $0.contains("› crash") }.ok)
        try tmux.send("Space")
        #expect(tmux.waitForScreen { $0.contains("1 marked") }.ok)
        try tmux.send("Enter")
        #expect(tmux.waitForFile("status")?.trimmingCharacters(in: .whitespacesAndNewlines) == "0")
        #expect(tmux.file("out") == "{\"name\":\"crash\",\"level\":\"error\",\"code\":500}\n")
        #expect(tmux.file("err")?.contains("events.jsonl: line 3, column 10:") == true)
    }

    @Test func aGrowingLogShowsNewLinesAsTheyAreWritten() throws {
        let tmux = try TmuxSession("tail -f log.jsonl | \(shellQuote(arborBinary))", files: ["log.jsonl": Array("{\"name\":\"first\"}\n{\"name\":\"second\"}\n".utf8)])
        #expect(tmux.waitForScreen { $0.contains("first") && $0.contains("second") }.ok)
        let handle = try FileHandle(forWritingTo: tmux.directory.appendingPathComponent("log.jsonl"))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("{\"name\":\"third\"}\n".utf8))
        try handle.close()
        let grown = tmux.waitForScreen(timeout: 5) { $0.contains("third") }
        #expect(grown.ok, "\(grown.screen)")
        #expect(grown.screen.contains("▶ 3"))
    }

    @Test func xmlElementsAttributesAndTextAndNothingLoadedFromOutside() throws {
        let xml = """
            <?xml version="1.0"?>
            <!DOCTYPE project [ <!ENTITY leak SYSTEM "file:///etc/passwd"> ]>
            <project version="4">
              <name>Demo</name>
              <dependencies>
                <dependency id="alpha"><scope>test</scope></dependency>
                <dependency name="beta"/>
              </dependencies>
              <note>&leak;</note>
            </project>
            """
        let tmux = try TmuxSession("\(shellQuote(arborBinary)) --pick --output id pom.xml > out; echo $? > status",
                                   files: ["pom.xml": Array(xml.utf8)])
        let shown = tmux.waitForScreen { $0.contains("@version") && $0.contains("Demo") }
        #expect(shown.ok, "\(shown.screen)")
        try tmux.send("Down")
        try tmux.send("Down")
        #expect(tmux.waitForScreen { $0.contains("› dependencies") }.ok)
        try tmux.send("Right")
        let dependencies = tmux.waitForScreen { $0.contains("alpha") && $0.contains("beta") }
        #expect(dependencies.ok, "\(dependencies.screen)")
        #expect(dependencies.screen.contains("dependency"))
        try tmux.send("Down")
        #expect(tmux.waitForScreen { $0.contains("› beta") }.ok)
        try tmux.send("Space")
        #expect(tmux.waitForScreen { $0.contains("1 marked") }.ok)
        try tmux.send("Enter")
        #expect(tmux.waitForFile("status")?.trimmingCharacters(in: .whitespacesAndNewlines) == "0")
        #expect(tmux.file("out") == "/project/dependencies/dependency[2]\n")
        let note = try runCommand(arborBinary, ["print", "--output", "title", tmux.directory.appendingPathComponent("pom.xml").path])
        #expect(note.stdout.contains("&leak;"))
        #expect(!note.stdout.contains("root:"), "the external entity is never loaded")
    }

    @Test func tomlAndIniOpenAsDocuments() throws {
        let tmux = try TmuxSession("\(shellQuote(arborBinary)) Cargo.toml", files: [
            "Cargo.toml": Array("[package]\nname = \"demo\"\nversion = \"0.1.0\"\n[[bin]]\nname = \"tool\"\n".utf8),
        ])
        let shown = tmux.waitForScreen { $0.contains("package") && $0.contains("bin") }
        #expect(shown.ok, "\(shown.screen)")
        let package = try #require(shown.screen.range(of: "package")), bin = try #require(shown.screen.range(of: "bin"))
        #expect(package.lowerBound < bin.lowerBound, "keys in the order written")
        try tmux.send("Down")
        #expect(tmux.waitForScreen { $0.contains("› bin") }.ok)
        try tmux.send("Up")
        #expect(tmux.waitForScreen { $0.contains("› package") }.ok)
        try tmux.send("Right")
        let members = tmux.waitForScreen { $0.contains("name: \"demo\"") && $0.contains("version: \"0.1.0\"") }
        #expect(members.ok, "\(members.screen)")
        let settings = tmux.directory.appendingPathComponent("setup.cfg")
        try Data("[server]\nport = 80\n".utf8).write(to: settings)
        let ini = try runCommand(arborBinary, ["print", "--output", "id", settings.path])
        #expect(ini.stdout.contains("/server/port"))
    }

    @Test func printFindAndQueryReadEachFormat() throws {
        let folder = try makeScratchFolder("arbor-formats")
        defer { try? FileManager.default.removeItem(at: folder) }
        let events = folder.appendingPathComponent("events.jsonl")
        try Data(self.events.utf8).write(to: events)
        let found = try runCommand(arborBinary, ["find", "'crash", events.path, "--output", "id"])
        #expect(found.status == 0)
        #expect(found.stdout.split(separator: "\n").contains("/1"), "the line titled crash: \(found.stdout)")
        let errors = try runCommand(arborBinary, ["query", "path", "$[?@.level == 'error'].code", events.path])
        #expect(errors.stdout == "500\n")
        #expect(errors.stderr.contains("line 3, column 10"))
        let printed = try runCommand(arborBinary, ["print", "--output", "title", events.path])
        #expect(printed.stdout.contains("deploy") && printed.stdout.contains("line 3"))
        let feed = folder.appendingPathComponent("feed.rss")
        try Data("<rss><channel><item><title>One</title></item><item><title>Two</title></item></channel></rss>".utf8).write(to: feed)
        let titles = try runCommand(arborBinary, ["query", "path", "$..[?@['#text'] == 'Two']", feed.path, "--output", "id"])
        #expect(titles.stdout == "/rss/channel/item[2]/title\n", "\(titles.stdout) \(titles.stderr)")
        let broken = folder.appendingPathComponent("broken.xml")
        try Data("<a>\n<b>\n</a>".utf8).write(to: broken)
        let refused = try runCommand(arborBinary, ["print", broken.path])
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("broken.xml:3:") && refused.stderr.contains("invalid XML"))
    }

    @Test func aYAMLAliasShowsWhatItRepeatsAndEnterGoesToItsAnchor() throws {
        let tmux = try TmuxSession("\(shellQuote(arborBinary)) \(shellQuote(samplePath("ci-pipeline.yaml")))")
        #expect(tmux.waitForScreen { $0.contains("deploy") }.ok)
        try tmux.send(all: ["Down", "Down", "Down", "Right"])
        let merge = tmux.waitForScreen { $0.contains("<<: *defaults") && $0.contains("› build › <<") }
        #expect(merge.ok, "\(merge.screen)")
        try tmux.send("i")
        #expect(tmux.waitForScreen { $0.contains("alias of &defaults") && $0.contains("*defaults → /.defaults") }.ok)
        try tmux.send("p")
        #expect(tmux.waitForScreen { $0.contains("*defaults repeats /.defaults:") && $0.contains("\"image\": \"ruby:3.3\"") }.ok)
        try tmux.send("Enter")
        let anchor = tmux.waitForScreen { $0.contains("› .defaults ") }
        #expect(anchor.ok, "Enter on the alias focuses the anchored value: \(anchor.screen)")
        try tmux.send(all: ["Down", "Down", "Down", "Down", "Right", "Down", "Down"])
        let comment = tmux.waitForScreen { $0.contains("a person starts it") && $0.contains("string · !manual") }
        #expect(comment.ok, "a comment and a tag in the header: \(comment.screen)")
        try tmux.send("q")
    }
}
