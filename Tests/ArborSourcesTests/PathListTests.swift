import ArborCore
import ArborSources
import Testing

@Suite("Path lists")
struct PathListTests {
    func build(_ text: String, separator: Character = "/") -> StaticHierarchy {
        PathListBuilder(separator: separator.asciiValue!).hierarchy(from: Array(text.utf8), name: "list")
    }

    func outline(_ hierarchy: StaticHierarchy) -> [String] {
        var lines: [String] = []
        var stack: [(Int32, Int)] = hierarchy.rootIsVirtual
            ? hierarchy.nodes[Int(hierarchy.rootIndex)].children.reversed().map { ($0, 0) }
            : [(hierarchy.rootIndex, 0)]
        while let (index, depth) = stack.popLast() {
            let node = hierarchy.nodes[Int(index)]
            lines.append(String(repeating: "  ", count: depth) + node.content.title + " [" + node.id + "]")
            stack += node.children.reversed().map { ($0, depth + 1) }
        }
        return lines
    }

    @Test func pathsBecomeNestedSegmentsInOrderOfFirstAppearance() {
        let hierarchy = build("src/b.swift\r\nsrc/a.swift\n./docs/x.md\n\nsrc//a.swift\nREADME\nsrc/\n")
        #expect(hierarchy.rootIsVirtual)
        #expect(outline(hierarchy) == [
            "src [src/]", "  b.swift [src/b.swift]", "  a.swift [src/a.swift]",
            "docs [docs]", "  x.md [./docs/x.md]", "README [README]",
        ])
    }

    @Test func theStartDirectoryOfFindIsNotAnItem() {
        #expect(outline(build(".\n./a\n./a/b\n./c\n")) == ["a [./a]", "  b [./a/b]", "c [./c]"])
    }

    @Test func oneFirstSegmentIsAShownRoot() {
        let hierarchy = build("app/a\napp/b/c\n")
        #expect(!hierarchy.rootIsVirtual)
        #expect(outline(hierarchy) == ["app [app]", "  a [app/a]", "  b [app/b]", "    c [app/b/c]"])
    }

    @Test func aSingleFileIsATopLevelItem() {
        let hierarchy = build("./b c.txt\n")
        #expect(hierarchy.rootIsVirtual)
        #expect(outline(hierarchy) == ["b c.txt [./b c.txt]"])
    }

    @Test func absolutePathsStartAtTheSeparator() {
        #expect(outline(build("/usr/bin\n/usr/lib/x\n")) == [
            "/ [/]", "  usr [/usr]", "    bin [/usr/bin]", "    lib [/usr/lib]", "      x [/usr/lib/x]",
        ])
    }

    @Test func otherSeparators() {
        #expect(outline(build("a.b.c\na.d\n", separator: ".")) == ["a [a]", "  b [a.b]", "    c [a.b.c]", "  d [a.d]"])
    }

    @Test func bytesThatAreNotUTF8SurviveInTheIds() {
        let bytes: [UInt8] = [0x64, 0x2F, 0xFF, 0x66, 0x0A]
        let hierarchy = PathListBuilder().hierarchy(from: bytes, name: "x")
        let leaf = hierarchy.nodes.first { $0.children.isEmpty }!
        #expect(LosslessText.encode(leaf.id) == [0x64, 0x2F, 0xFF, 0x66])
    }

    @Test func emptyInputIsAnEmptyVirtualRoot() {
        let hierarchy = build("\n\n")
        #expect(hierarchy.rootIsVirtual)
        #expect(hierarchy.nodes.count == 1)
    }

    @Test func deepPathsNeedNoRecursion() {
        let line = Array(repeating: "d", count: 5_000).joined(separator: "/")
        let hierarchy = build(line)
        #expect(hierarchy.nodes.count == 5_001)
    }

    @Test func formatIsDetectedByExtensionThenContent() {
        #expect(SourceFormat.byExtension("x/y.JSON") == .json)
        #expect(SourceFormat.byExtension("list.txt") == .paths)
        #expect(SourceFormat.byExtension("Makefile") == nil)
        #expect(SourceFormat.byExtension(".json") == nil)
        #expect(SourceFormat.sniff(Array("\u{FEFF} \n[1]".utf8)) == .json)
        #expect(SourceFormat.sniff(Array("src/a\n".utf8)) == .paths)
        #expect(SourceFormat.sniff([]) == .paths)
    }
}
