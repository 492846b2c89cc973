import ArborCore
@testable import ArborSources
import Foundation
import Testing

/// Archives browsed as directories through libarchive, made here by Python's zipfile and tarfile.
@Suite("Archives as directories")
struct ArchiveSourceTests {
    /// A folder holding `app.whl` (a zip: stored and deflated members, JSON and TOML, hostile names, an encrypted
    /// flag is not made by zipfile) and `rel.tar.gz` (a tree, a symlink pointing out, the wheel inside).
    func makeArchives() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("arbor-archives-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let script = #"""
            import io, json, sys, tarfile, zipfile
            folder = sys.argv[1]
            with zipfile.ZipFile(folder + '/app.whl', 'w', zipfile.ZIP_DEFLATED) as z:
                z.writestr('pkg/__init__.py', 'print("hi")\n')
                z.writestr('pkg/data/schema.json', json.dumps({"properties": {"name": {"type": "string"}}, "payload": "{\"a\": [1, 2]}"}))
                z.writestr('pkg/conf.toml', '[server]\nport = 8080\n', compress_type=zipfile.ZIP_STORED)
                z.writestr('../../etc/passwd', 'root:x:0:0\n')
                z.writestr('evil\x1b[31mred.txt', 'x')
            with tarfile.open(folder + '/rel.tar.gz', 'w:gz') as t:
                def add(name, data):
                    info = tarfile.TarInfo(name); info.size = len(data); t.addfile(info, io.BytesIO(data))
                add('src/conf/app.json', b'{"spec": {"replicas": 2}}')
                add('src/readme.txt', b'hello\nworld\n')
                link = tarfile.TarInfo('src/link'); link.type = tarfile.SYMTYPE; link.linkname = '../../../etc/shadow'; t.addfile(link)
                add('dist/app.whl', open(folder + '/app.whl', 'rb').read())
            import random
            random.seed(1)
            with tarfile.open(folder + '/whole.tar.gz', 'w:gz') as t:
                def add(name, data):
                    info = tarfile.TarInfo(name); info.size = len(data); t.addfile(info, io.BytesIO(data))
                add('src/a.txt', b'a\n')
                add('src/b.txt', b'b\n')
                add('big.bin', bytes(random.getrandbits(8) for _ in range(300000)))
            import gzip
            open(folder + '/notes.json.gz', 'wb').write(gzip.compress(b'{"a": [1, 2]}'))
            data = open(folder + '/whole.tar.gz', 'rb').read()
            open(folder + '/cut.tar.gz', 'wb').write(data[:len(data) * 2 // 3])
            """#
        // Spawned as the PostgreSQL tests spawn their tools: Foundation's Process is not safe in the test runner.
        _ = try TestCluster.run(["python3", "-c", script, folder])
        return folder
    }

    func open(_ path: String, into: Bool = true) throws -> OpenedSource {
        var request = SourceRequest(path: path)
        request.crossesInto = into
        request.watches = false
        return try SourceOpener.open(request)
    }

    @Test func aZipIsADirectoryWhoseDocumentsOpen() async throws {
        let folder = try makeArchives()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let wheel = folder + "/app.whl"
        let opened = try open(wheel)
        #expect(opened.format == .archive)
        let source = opened.hierarchy
        let top = try await source.children(of: wheel)
        #expect(top.map(\.content.title) == ["pkg", "..", "evil\u{1b}[31mred.txt"], "names are data, `..` a name like any other")
        #expect(try await source.children(of: wheel + "/pkg").map(\.content.title) == ["__init__.py", "data", "conf.toml"])
        let schema = try await source.item(wheel + "/pkg/data/schema.json")
        #expect(schema.childCount == nil && schema.content.subtitle.hasPrefix("file · "), "a document member may have children")
        #expect(try await source.children(of: schema.id).map(\.id) == [schema.id + "#/properties", schema.id + "#/payload"])
        #expect(try await source.children(of: schema.id + "#/payload").map(\.id) == [schema.id + "#/payload#/a"], "JSON in a string opens")
        #expect(try await source.item(wheel + "/pkg/conf.toml#/server/port").content.scalar?.text == "8080", "found without listing")
        #expect(try await source.parentID(of: wheel + "/pkg/conf.toml#/server") == wheel + "/pkg/conf.toml")
        #expect(try await source.parentID(of: wheel + "/pkg/data") == wheel + "/pkg")
        let preview = try await source.itemPreview(of: wheel + "/pkg/__init__.py", lines: 10)
        #expect(preview.lines.map { $0.runs.map(\.text).joined() } == [#"print("hi")"#])
        let leaves = try open(wheel, into: false).hierarchy
        #expect(try await leaves.item(wheel + "/pkg/data/schema.json").childCount == 0, "without --into members stay files")
    }

    @Test func aCompressedTarListsItsTreeWithLinksUnfollowedAndTheArchiveInsideIt() async throws {
        let folder = try makeArchives()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let tarball = folder + "/rel.tar.gz"
        let source = try open(tarball).hierarchy
        #expect(try await source.children(of: tarball).map(\.content.title) == ["src", "dist"])
        let link = try await source.item(tarball + "/src/link")
        #expect(link.content.subtitle == "symlink → ../../../etc/shadow" && link.childCount == 0)
        let linkPreview = try await source.itemPreview(of: link.id, lines: 5)
        #expect(linkPreview.lines.contains { $0.runs.map(\.text).joined().contains("not followed") })
        let inner = tarball + "/dist/app.whl"
        #expect(try await source.children(of: inner).map(\.id) == [inner + "#pkg", inner + "#..", inner + "#evil\u{1b}[31mred.txt"])
        #expect(try await source.item(inner + "#pkg/conf.toml#/server/port").content.scalar?.text == "8080", "a document in an archive in an archive")
        #expect(try await source.item(tarball + "/src/conf/app.json#/spec/replicas").content.scalar?.text == "2")
    }

    @Test func aTruncatedArchiveShowsWhatWasReadAndSaysWhereItBroke() async throws {
        let folder = try makeArchives()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let opened = try open(folder + "/cut.tar.gz")
        #expect(!opened.problems.isEmpty && opened.problems[0].contains("cut.tar.gz"), "\(opened.problems)")
        #expect(try await opened.hierarchy.children(of: folder + "/cut.tar.gz").map(\.content.title).first == "src", "what was read is shown")
        #expect(throws: SourceLoadError.self) { try SourceOpener.open(SourceRequest(path: folder + "/nothing.zip")) }
    }

    @Test func aCompressedDocumentIsOneMemberNamedWithoutItsCompression() async throws {
        let folder = try makeArchives()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/notes.json.gz"
        let source = try open(path).hierarchy
        #expect(try await source.children(of: path).map(\.id) == [path + "/notes.json"])
        #expect(try await source.children(of: path + "/notes.json").map(\.id) == [path + "/notes.json#/a"])
    }

    @Test func aLongListingShownFromItsFirstMembersGrowsToTheWholeInOnePass() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("arbor-archive-long-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        _ = try TestCluster.run(["python3", "-c", """
            import io, sys, tarfile
            with tarfile.open(sys.argv[1] + '/long.tar.gz', 'w:gz') as t:
                for i in range(30000):
                    info = tarfile.TarInfo('top/f%05d.txt' % i); info.size = 2; t.addfile(info, io.BytesIO(b'x\\n'))
            """, folder])
        let path = folder + "/long.tar.gz"
        var request = SourceRequest(path: path)
        request.watches = false
        let opened = try SourceOpener.open(request, streaming: true)
        let source = opened.hierarchy
        let reporting = try #require(source.capabilities.reporting)
        let completed = AsyncStream<Void> { continuation in
            reporting.observeChanges { change in
                if case .completed = change { continuation.yield() }
            }
        }
        let first = try await source.numberOfChildren(of: path + "/top") ?? 0
        #expect(first > 0, "the first members are shown")
        if !reporting.isComplete {
            #expect(first < 30000, "shown before the whole listing")
            request.firstFrame.open()
            for await _ in completed { break }
        }
        #expect(try await source.numberOfChildren(of: path + "/top") == 30000)
        #expect(try await source.item(path + "/top/f29999.txt").content.subtitle == "file · 2 B")
    }

    /// Archives made by the tools people use: tar.zst (zstd), 7z (bsdtar), a .deb (dpkg-deb), an encrypted zip
    /// (zip -e).
    func makeToolArchives() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("arbor-archive-tools-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        _ = try TestCluster.run(["sh", "-c", """
            set -e
            cd "$1"
            mkdir -p tree/conf pkg/DEBIAN pkg/usr/share/demo
            printf '{"spec": {"replicas": 2}}' > tree/conf/app.json
            printf 'hello\\n' > tree/readme.txt
            tar -cf - tree | zstd -q -o tree.tar.zst
            bsdtar -cf tree.7z --format 7zip tree
            printf 'Package: demo\\nVersion: 1.0\\nArchitecture: all\\nMaintainer: a <a@b.c>\\nDescription: demo\\n' > pkg/DEBIAN/control
            printf '[server]\\nport = 8080\\n' > pkg/usr/share/demo/conf.toml
            dpkg-deb -Zxz --build pkg demo.deb >/dev/null
            cd tree && zip -q -e -P secret ../secret.zip readme.txt && cd ..
            """, "sh", folder])
        return folder
    }

    @Test func zstd7zAndDebArchivesOpenTheirDocuments() async throws {
        let folder = try makeToolArchives()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for name in ["tree.tar.zst", "tree.7z"] {
            let path = folder + "/" + name
            let source = try open(path).hierarchy
            #expect(try await source.children(of: path + "/tree").map(\.content.title).sorted() == ["conf", "readme.txt"], "\(name)")
            #expect(try await source.item(path + "/tree/conf/app.json#/spec/replicas").content.scalar?.text == "2", "\(name)")
        }
        let deb = folder + "/demo.deb"
        let package = try open(deb).hierarchy
        #expect(try await package.children(of: deb).map(\.content.title) == ["debian-binary", "control.tar.xz", "data.tar.xz"])
        let data = deb + "/data.tar.xz"
        #expect(try await package.item(data + "#usr/share/demo/conf.toml#/server/port").content.scalar?.text == "8080",
                "a .deb's data.tar.xz opens as an archive, and its TOML as a document")
    }

    @Test func anEncryptedMemberSaysSoAndAZipBombStaysBounded() async throws {
        let folder = try makeToolArchives()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let secret = folder + "/secret.zip"
        let locked = try await open(secret).hierarchy.item(secret + "/readme.txt")
        #expect(locked.content.subtitle.hasSuffix("· encrypted") && locked.childCount == 0)
        let lockedPreview = try await open(secret).hierarchy.itemPreview(of: locked.id, lines: 5)
        #expect(lockedPreview.lines.contains { $0.runs.map(\.text).joined() == "encrypted (not read)" })

        // A zip bomb in small: 40 MB of zeros in a 40 KB member, under a ceiling of 12 MB.
        let bomb = folder + "/bomb.zip"
        _ = try TestCluster.run(["python3", "-c", "import sys, zipfile; z = zipfile.ZipFile(sys.argv[1], 'w', zipfile.ZIP_DEFLATED); "
            + "z.writestr('zeros.json', bytes(40 << 20)); z.close()", bomb])
        var request = SourceRequest(path: bomb)
        request.crossesInto = true
        request.ceiling = InputCeiling(bytes: 12 << 20)
        let source = try SourceOpener.open(request).hierarchy
        let member = bomb + "/zeros.json"
        #expect(try await source.item(member).content.subtitle.hasPrefix("file · 40.0 MB ("), "its compressed size beside")
        let preview = try await source.itemPreview(of: member, lines: 20)
        #expect(!preview.lines.isEmpty, "the preview reads a preview's worth")
        do {
            _ = try await source.children(of: member)
            Issue.record("entering the bomb must stop at the ceiling")
        } catch {
            #expect("\(error)".contains("the most a member may take (--max-input)"), "\(error)")
        }
    }

    @Test func aZipsOwnDirectoryListsWhatLibarchiveListsAndReadsEachMember() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("arbor-zipdir-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/mixed.zip"
        _ = try TestCluster.run(["python3", "-c", """
            import sys, zipfile
            with zipfile.ZipFile(sys.argv[1], 'w') as z:
                z.writestr('dir/', '')
                z.writestr('dir/stored.txt', 'stored\\n', compress_type=zipfile.ZIP_STORED)
                z.writestr('dir/deflated.json', '{"a": 1}' * 100, compress_type=zipfile.ZIP_DEFLATED)
                with z.open('big64.txt', 'w', force_zip64=True) as member:
                    member.write(b'zip64 ' * 1000)
                z.writestr('ünï/cödé.txt', 'x')
            """, path])
        let own = try #require(ZipDirectory(path: path))
        let library = try ArchiveReader(path: path)
        var ours: [ArchiveMember] = []
        while let member = try own.next() { ours.append(member) }
        var theirs: [ArchiveMember] = []
        while let member = try library.next() { theirs.append(member) }
        #expect(ours.map(\.path) == theirs.map(\.path))
        #expect(ours.map(\.size) == theirs.map(\.size))
        for member in ours where member.location != nil {
            guard case .file = member.kind else { continue }
            let content = try ZipMemberContent.read(member.location!, in: path, limit: 1 << 20)
            #expect(Int64(content.bytes.count) == member.size && !content.isCut, "\(member.path)")
        }
        #expect(ZipDirectory(path: folder + "/missing.zip") == nil)
    }

    @Test func theMemberTheListingEndsOnOpensWithoutASecondPass() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("arbor-archive-last-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        _ = try TestCluster.run(["python3", "-c", """
            import io, sys, tarfile
            with tarfile.open(sys.argv[1] + '/rel.tar.gz', 'w:gz') as t:
                for name, data in (('a.txt', b'first'), ('big.bin', bytes(5 << 20)), ('z/last.json', b'{"end": true}')):
                    info = tarfile.TarInfo(name); info.size = len(data); t.addfile(info, io.BytesIO(data))
            """, folder])
        let path = folder + "/rel.tar.gz"
        var request = SourceRequest(path: path)
        request.watches = false
        request.crossesInto = true
        let source = try SourceOpener.open(request).hierarchy
        #expect(try await source.numberOfChildren(of: path) == 3)
        // The file is gone: only what the listing read can be shown.
        try FileManager.default.removeItem(atPath: path)
        #expect(try await source.children(of: path + "/z/last.json").map(\.content.title) == ["end"])
        await #expect(throws: (any Error).self, "any other member takes a pass over the archive") {
            try await source.itemPreview(of: path + "/a.txt", lines: 5)
        }
    }
}
