import Foundation
import Testing

/// Archives as a person browses them: a wheel's members, a JSON member entered, a member picked, `:` and
/// `--select` to a member, an archive inside a directory, a name with an escape sequence shown inert.
@Suite("Archives as directories", .serialized)
struct ArchiveEndToEndTests {
    static let files: [String: [UInt8]] = [
        "mk.py": Array("""
            import io, json, tarfile, zipfile, os
            with zipfile.ZipFile('app.whl', 'w', zipfile.ZIP_DEFLATED) as z:
                z.writestr('pkg/__init__.py', 'print("hi")\\n')
                z.writestr('pkg/data/schema.json', json.dumps({"properties": {"name": {"type": "string"}}}))
                z.writestr('evil\\x1b[31mred.txt', 'x')
            for name, replicas in (('v1.tar.gz', 2), ('v2.tar.gz', 5)):
                with tarfile.open(name, 'w:gz') as t:
                    for member, data in (('pkg/deploy.json', ('{"spec": {"replicas": %d}}' % replicas).encode()), ('pkg/readme.txt', b'same')):
                        info = tarfile.TarInfo(member); info.size = len(data); t.addfile(info, io.BytesIO(data))
            os.makedirs('shelf', exist_ok=True)
            with tarfile.open('shelf/rel.tar.xz', 'w:xz') as t:
                data = b'{"spec": {"replicas": 2}}'
                info = tarfile.TarInfo('src/app.json'); info.size = len(data); t.addfile(info, io.BytesIO(data))
            """.utf8),
    ]

    func session(_ arguments: String) throws -> TmuxSession {
        try TmuxSession("python3 mk.py && \(shellQuote(arborBinary)) \(arguments); echo status=$? > status", width: 150, height: 30, files: Self.files)
    }

    func waitFor(_ tmux: TmuxSession, _ texts: String...) {
        let shown = tmux.waitForScreen(timeout: 30) { screen in texts.allSatisfy(screen.contains) }
        #expect(shown.ok, "\(texts) not on screen:\n\(shown.screen)")
    }

    @Test func aWheelIsBrowsedIntoAJSONMemberWithAHostileNameShownInert() throws {
        let tmux = try session("app.whl")
        waitFor(tmux, "pkg", "ZIP")
        #expect(!tmux.screen().contains("\u{1b}"), "no escape byte reaches the screen")
        waitFor(tmux, "evil^[[31mred.txt")
        try tmux.send("Right")
        waitFor(tmux, "▌pkg", "__init__.py", "data")
        try tmux.send("Right", "Down")
        waitFor(tmux, "▌data")
        try tmux.send("Right", "Right")
        waitFor(tmux, "▌properties")
        try tmux.send("q")
        #expect(tmux.waitForFile("status")?.contains("status=0") == true)
    }

    @Test func aMemberIsPickedPlacedAndSelectedByItsID() throws {
        let picked = try TmuxSession("python3 mk.py && \(shellQuote(arborBinary)) --pick app.whl > out; echo $? > status", files: Self.files)
        _ = picked.waitForScreen { $0.contains("pkg") }
        try picked.send("Right", "Right")
        _ = picked.waitForScreen { $0.contains("▌○ __init__.py") }
        try picked.send("Enter")
        #expect(picked.waitForFile("status")?.trimmingCharacters(in: .whitespacesAndNewlines) == "0")
        #expect(picked.file("out") == "app.whl/pkg/__init__.py\n")

        let selected = try session("--select app.whl/pkg/data/schema.json app.whl")
        waitFor(selected, "▌schema.json", "file · ")
        try selected.send(":")
        try selected.send(all: Array("app.whl/pkg/__init__.py").map(String.init))
        try selected.send("Enter")
        waitFor(selected, "▌__init__.py", "app.whl › pkg › __init__.py")
        try selected.send("p")
        waitFor(selected, "print(\"hi\")")
    }

    @Test func anArchiveInADirectoryOpensAsOne() throws {
        let tmux = try session("shelf")
        waitFor(tmux, "rel.tar.xz")
        try tmux.send("Right")
        waitFor(tmux, "▌src")
        try tmux.send("Right", "Right")
        waitFor(tmux, "▌spec")
    }

    @Test func anArchiveRewrittenWhileShownIsListedAgainWithTheFocusKept() throws {
        let tmux = try session("v1.tar.gz")
        waitFor(tmux, "pkg")
        try tmux.send("Right", "Down")
        waitFor(tmux, "▌readme.txt")
        // A new release put in place by a rename, as a build does: a member added, the focused one kept.
        let script = """
            import io, tarfile, os, sys
            os.chdir(sys.argv[1])
            with tarfile.open('next.tar.gz', 'w:gz') as t:
                for member, data in (('pkg/deploy.json', b'{}'), ('pkg/readme.txt', b'same'), ('pkg/zz-added.txt', b'new')):
                    info = tarfile.TarInfo(member); info.size = len(data); t.addfile(info, io.BytesIO(data))
            os.rename('next.tar.gz', 'v1.tar.gz')
            """
        _ = try runCommand("/usr/bin/python3", ["-c", script, tmux.directory.path])
        waitFor(tmux, "zz-added.txt", "▌readme.txt")
        try tmux.send("q")
        #expect(tmux.waitForFile("status")?.contains("status=0") == true)
    }

    @Test func twoTarballsCompareIntoAChangedJSONMember() throws {
        let tmux = try session("diff v1.tar.gz v2.tar.gz")
        waitFor(tmux, "pkg", "~1")
        try tmux.send("]")
        waitFor(tmux, "replicas: 2 → 5")
        try tmux.send("q")
        let paths = try runCommand(arborBinary, ["diff", "--output", "paths", tmux.directory.appendingPathComponent("v1.tar.gz").path,
                                                 tmux.directory.appendingPathComponent("v2.tar.gz").path])
        #expect(paths.status == 1 && paths.stdout == "pkg/deploy.json#/spec/replicas\n", "\(paths.stdout)")
    }

    @Test func aMembersFileIsAPrivateReadOnlyCopyGoneAfterExitAndAfterSIGTERM() throws {
        for ending in ["q", "TERM"] {
            let tmux = try session("app.whl --bind 'ctrl-o:execute-silent(echo {file} > c; stat -c %a {file} >> c; stat -c %a $(dirname $(dirname {file})) >> c; mv c copied)'")
            waitFor(tmux, "pkg")
            try tmux.send("Right", "Right")
            waitFor(tmux, "▌__init__.py")
            try tmux.send("C-o")
            let lines = (tmux.waitForFile("copied", timeout: 30) ?? "").split(separator: "\n").map(String.init)
            #expect(lines.count == 3 && lines[0].hasSuffix("/__init__.py") && lines[1] == "400" && lines[2] == "700", "\(lines)")
            let copy = lines.first ?? ""
            #expect(FileManager.default.contents(atPath: copy).map { String(decoding: $0, as: UTF8.self) } == "print(\"hi\")\n")
            if ending == "q" {
                try tmux.send("q")
            } else {
                _ = try runCommand("/usr/bin/env", ["pkill", "-TERM", "-f", "\(arborBinary) app.whl --bind"])
            }
            _ = tmux.waitForFile("status", timeout: 30)
            #expect(!FileManager.default.fileExists(atPath: copy), "the copy is removed when Arbor ends (\(ending))")
            #expect(!FileManager.default.fileExists(atPath: (copy as NSString).deletingLastPathComponent), "and its folder")
        }
    }
}
