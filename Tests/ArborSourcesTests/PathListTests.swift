import ArborCore
import ArborSources
import Testing

@Suite("Path lists")
struct PathListTests {
    func build(_ text: String, separator: Character = "/") -> PathTree {
        PathListBuilder(separator: separator.asciiValue!).hierarchy(from: Array(text.utf8), name: "list")
    }

    func outline(_ tree: PathTree) async throws -> [String] {
        var lines: [String] = []
        let root = try #require(try await tree.root())
        var stack: [(String, Int)] = root.isVirtual
            ? try await tree.children(of: root.id).reversed().map { ($0.id, 0) }
            : [(root.id, 0)]
        while let (id, depth) = stack.popLast() {
            let item = try await tree.item(id)
            #expect(item.id == id)
            lines.append(String(repeating: "  ", count: depth) + item.content.title + " [" + item.id + "]")
            let children = try await tree.children(of: id)
            #expect(item.childCount == children.count)
            for child in children { #expect(try await tree.parentID(of: child.id) == id) }
            stack += children.reversed().map { ($0.id, depth + 1) }
        }
        return lines
    }

    @Test func pathsBecomeNestedSegmentsInOrderOfFirstAppearance() async throws {
        let hierarchy = build("src/b.swift\r\nsrc/a.swift\n./docs/x.md\n\nsrc//a.swift\nREADME\nsrc/\n")
        #expect(hierarchy.rootIsVirtual)
        #expect(try await outline(hierarchy) == [
            "src [src/]", "  b.swift [src/b.swift]", "  a.swift [src/a.swift]",
            "docs [docs]", "  x.md [./docs/x.md]", "README [README]",
        ])
    }

    @Test func theStartDirectoryOfFindIsNotAnItem() async throws {
        #expect(try await outline(build(".\n./a\n./a/b\n./c\n")) == ["a [./a]", "  b [./a/b]", "c [./c]"])
    }

    @Test func oneFirstSegmentIsAShownRoot() async throws {
        let hierarchy = build("app/a\napp/b/c\n")
        #expect(!hierarchy.rootIsVirtual)
        #expect(try await outline(hierarchy) == ["app [app]", "  a [app/a]", "  b [app/b]", "    c [app/b/c]"])
    }

    @Test func aSingleFileIsATopLevelItem() async throws {
        let hierarchy = build("./b c.txt\n")
        #expect(hierarchy.rootIsVirtual)
        #expect(try await outline(hierarchy) == ["b c.txt [./b c.txt]"])
    }

    @Test func absolutePathsStartAtTheSeparator() async throws {
        #expect(try await outline(build("/usr/bin\n/usr/lib/x\n")) == [
            "/ [/]", "  usr [/usr]", "    bin [/usr/bin]", "    lib [/usr/lib]", "      x [/usr/lib/x]",
        ])
    }

    @Test func otherSeparators() async throws {
        #expect(try await outline(build("a.b.c\na.d\n", separator: ".")) == ["a [a]", "  b [a.b]", "    c [a.b.c]", "  d [a.d]"])
    }

    @Test func bytesThatAreNotUTF8SurviveInTheIds() async throws {
        let bytes: [UInt8] = [0x64, 0x2F, 0xFF, 0x66, 0x0A]
        let hierarchy = PathListBuilder().hierarchy(from: bytes, name: "x")
        let leaf = try #require(try await hierarchy.children(of: "d").first)
        #expect(LosslessText.encode(leaf.id) == [0x64, 0x2F, 0xFF, 0x66])
        #expect(try await hierarchy.item(leaf.id).content.title == LosslessText.decode([0xFF, 0x66]))
    }

    @Test func emptyInputIsAnEmptyVirtualRoot() async throws {
        let hierarchy = build("\n\n")
        #expect(hierarchy.rootIsVirtual)
        #expect(hierarchy.nodeCount == 1)
        #expect(try await hierarchy.children(of: "").isEmpty)
    }

    @Test func deepPathsNeedNoRecursion() async throws {
        let line = Array(repeating: "d", count: 5_000).joined(separator: "/")
        let hierarchy = build(line)
        #expect(hierarchy.nodeCount == 5_001)
    }

    @Test func aHundredThousandLevelsCostTheirInputNotItsSquare() async throws {
        let line = Array(repeating: "d", count: 100_000).joined(separator: "/")
        let tree = build(line + "\n")
        #expect(tree.nodeCount == 100_001)
        #expect(try await tree.root() == SourceRoot(id: "d", isVirtual: false))
        let leaf = try await tree.item(line)
        #expect(leaf.content.title == "d" && leaf.childCount == 0)
        #expect(try await tree.parentID(of: line) == String(line.dropLast(2)))
        #expect(try await tree.childIDs(of: "d/d", in: 0..<5) == ["d/d/d"])
    }

    @Test func unknownIdsAreErrors() async throws {
        let tree = build("a/b\nc\n")
        for id in ["b", "a/", "/a", "a//b", "x"] {
            await #expect(throws: SourceError.self) { try await tree.item(id) }
        }
        #expect(try await tree.parentID(of: "a") == "", "a first segment's parent is the virtual top")
        #expect(try await tree.parentID(of: "") == nil)
    }

    @Test func formatIsDetectedByExtensionThenContent() async throws {
        #expect(SourceFormat.byExtension("x/y.JSON") == .json)
        #expect(SourceFormat.byExtension("list.txt") == .paths)
        #expect(SourceFormat.byExtension("Makefile") == nil)
        #expect(SourceFormat.byExtension(".json") == nil)
        #expect(SourceFormat.sniff(Array("\u{FEFF} \n[1]".utf8)) == .json)
        #expect(SourceFormat.sniff(Array("src/a\n".utf8)) == .paths)
        #expect(SourceFormat.sniff([]) == .paths)
    }
}
