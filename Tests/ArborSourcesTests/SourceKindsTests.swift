import ArborCore
@testable import ArborSources
import Foundation
import Testing

@Suite("The kinds of source, as the registry lists them")
struct SourceKindsTests {
    @Test func everyFormatBelongsToOneKind() {
        let names = SourceKinds.formatNames
        #expect(Set(names).count == names.count)
        #expect(names == ["cmd", "fs", "sqlite", "archive", "postgres", "jsonl", "json", "tree", "document", "yaml", "plist", "xml", "toml", "ini", "csv", "tsv", "paths"])
        for name in names { #expect(SourceFormat(rawValue: name)?.rawValue == name) }
        #expect(SourceFormat(rawValue: "xlsx") == nil)
    }

    @Test func everyExtensionNamesAFormatOfItsOwnKind() {
        for kind in SourceKinds.all {
            for (suffix, format) in kind.extensions {
                #expect(kind.formats.contains(format), "\(suffix)")
                #expect(SourceFormat.byExtension("data/file." + suffix.uppercased()) == format)
            }
        }
    }

    @Test func theOptionsOfTheKindsAreListedOnce() {
        #expect(SourceKinds.options.map(\.name) == ["children-cmd", "parent-cmd", "root", "table", "order-by", "path-column", "group-by"])
    }

    @Test func pathListsAndDirectoriesHavePathsForIds() throws {
        let directory = try SourceOpener.open(SourceRequest(path: "/tmp"))
        #expect(directory.format == .fs && directory.idsArePaths)
        let list = "/tmp/arbor-kinds-\(getpid()).txt"
        #expect(FileManager.default.createFile(atPath: list, contents: Data("a/b\na/c\n".utf8)))
        defer { try? FileManager.default.removeItem(atPath: list) }
        let paths = try SourceOpener.open(SourceRequest(path: list))
        #expect(paths.format == .paths && paths.idsArePaths)
        let tree = try SourceOpener.open(SourceRequest(path: samplePath("plant-maintenance.json")))
        #expect(tree.format == .tree && !tree.idsArePaths)
    }

    @Test func aSourceCarriesTheGateOfTheRequestThatOpenedItAndEachRequestHasItsOwn() throws {
        let request = SourceRequest(path: samplePath("plant-maintenance.json"))
        let opened = try SourceOpener.open(request)
        #expect(opened.firstFrame === request.firstFrame)
        let other = try SourceOpener.open(SourceRequest(path: samplePath("plant-maintenance.json")))
        #expect(other.firstFrame !== opened.firstFrame)
    }

    @Test func aKindSaysWhatItsOptionsNeed() {
        var request = SourceRequest(path: nil)
        request.settings["root"] = "r"
        #expect(SourceKinds.all.compactMap { $0.check(request) } == ["--root goes with --children-cmd or a PostgreSQL source"])
        request.settings["children-cmd"] = "ls {}"
        #expect(SourceKinds.all.compactMap { $0.check(request) }.isEmpty)
        #expect(CommandSpec(request)?.root == "r")
        var database = SourceRequest(path: "postgres://arbor@/db")
        database.settings["root"] = "r"
        #expect(SourceKinds.all.compactMap { $0.check(database) }.isEmpty)
        database.settings["path-column"] = "path"
        #expect(SourceKinds.all.compactMap { $0.check(database) }.isEmpty)
        request.settings["path-column"] = "path"
        #expect(SourceKinds.all.compactMap { $0.check(request) } == ["--path-column goes with a PostgreSQL source"])
        var parentOnly = SourceRequest(path: nil)
        parentOnly.settings["parent-cmd"] = "dirname {}"
        #expect(SourceKinds.all.compactMap { $0.check(parentOnly) } == ["--parent-cmd goes with --children-cmd"])
    }

    @Test func formatsThatReadNoInputSayWhatTheyNeed() {
        #expect(throws: SourceLoadError("--format cmd needs --children-cmd")) {
            try SourceOpener.open(SourceRequest(path: samplePath("org-chart.csv"), format: .cmd))
        }
        #expect(throws: SourceLoadError("/etc/hostname: not a directory")) {
            try SourceOpener.open(SourceRequest(path: "/etc/hostname", format: .fs))
        }
    }
}
