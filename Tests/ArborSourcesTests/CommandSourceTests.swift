import ArborCore
import ArborSources
import Foundation
import Testing

@Suite("Command source")
struct CommandSourceTests {
    /// Children by a case statement: root > a (2 children: a1, a2), b (leaf), c (unknown count).
    let listing = """
        case {} in
          root) printf 'a\\tAlpha\\tgroup\\tfirst letter\\t2\\nb\\tBeta\\t\\t\\t0\\nc\\n' ;;
          a) printf 'a1\\ta one\\na2\\n' ;;
          "it's") printf 'q\\tquoted\\n' ;;
        esac
        """

    @Test func linesBecomeItemsWithOptionalFields() async throws {
        let source = CommandSource(childrenCommand: listing, root: "root")
        #expect(try await source.root() == SourceRoot(id: "root", isVirtual: false))
        let children = try await source.children(of: "root")
        #expect(children.map(\.id) == ["a", "b", "c"])
        #expect(children.map(\.content.title) == ["Alpha", "Beta", "c"])
        #expect(children.map(\.childCount) == [2, 0, nil])
        #expect(children[0].content.subtitle == "group")
        #expect(children[0].content.body == "first letter")
        #expect(try await source.item("a").content.title == "Alpha")
        #expect(try await source.childIDs(of: "a", in: 1..<5) == ["a2"])
        #expect(try await source.parentID(of: "a") == nil)
    }

    @Test func idsAreQuotedForTheShell() async throws {
        let source = CommandSource(childrenCommand: listing, root: nil)
        #expect(try await source.root() == SourceRoot(id: "", isVirtual: true))
        #expect(try await source.children(of: "it's").map(\.content.title) == ["quoted"])
        #expect(try await source.children(of: "$(touch /tmp/arbor-injected)").isEmpty)
    }

    @Test func theParentCommandFindsTheParent() async throws {
        let source = CommandSource(childrenCommand: "true", parentCommand: "echo '  up-of-{}'", root: "x")
        #expect(try await source.parentID(of: "x") == "up-of-x")
        #expect(try await CommandSource(childrenCommand: "true", parentCommand: "true", root: "x").parentID(of: "x") == nil)
    }

    @Test func failuresTimeOutsAndStderrAreErrorsOfTheColumn() async throws {
        await #expect(throws: SourceError("the command failed (status 3): boom")) {
            try await CommandSource(childrenCommand: "echo boom >&2; exit 3", root: "r").children(of: "r")
        }
        await #expect(throws: SourceError("the command wrote to stderr: warning")) {
            try await CommandSource(childrenCommand: "echo x; echo warning >&2", root: "r").children(of: "r")
        }
        let slow = CommandSource(childrenCommand: "sleep 5", root: "r", timeout: 0.3)
        await #expect(throws: SourceError("the command did not finish within 0.3 s: sleep 5")) { try await slow.children(of: "r") }
    }

    @Test func garbageOutputStillGivesItems() async throws {
        let source = CommandSource(childrenCommand: "printf '\\377\\tbin\\r\\n\\n\\t\\tno id\\nx\\tX\\t\\t\\tnot-a-number\\nx\\tdup\\n'", root: "r")
        let children = try await source.children(of: "r")
        #expect(children.map(\.content.title) == ["bin", "X"])
        #expect(LosslessText.encode(children[0].id) == [0xFF])
        #expect(children[1].childCount == nil)
    }

    @Test func anEndlessCommandIsStoppedAtTheCeilingKeepingItsLines() async throws {
        let endless = CommandSource(childrenCommand: "yes {}", root: "r", timeout: 30, outputLimit: 1 << 20)
        let paged = try #require(try await endless.pagedChildren(of: "same"))
        #expect(paged.count == 1 && paged.first.map(\.id) == ["same"])
        #expect(paged.notice == "the command's output reached 512.0 KB, its share of the memory ceiling (--max-input SIZE changes it), "
            + "and was stopped: showing the line read before")
        let counting = CommandSource(childrenCommand: "seq 1 100000000", root: "r", timeout: 30, outputLimit: 1 << 20)
        let numbers = try #require(try await counting.pagedChildren(of: "r"))
        // The footprint counts the storage reserved, which grows by doubling at points that depend on how the pipe's
        // reads fall: seq's lines of 6 bytes cost 16 to 32 bytes each, so 512 KB holds 16,000 to 33,000 of them.
        #expect(numbers.count > 15_000 && numbers.count < 200_000 && numbers.first.count == ChildPaging.pageSize, "\(numbers.count)")
        #expect(numbers.notice?.contains("showing the \(numbers.count) lines read before") == true)
        let last = try await counting.children(of: "r", in: (numbers.count - 1)..<numbers.count)
        #expect(last.map(\.id) == [String(numbers.count)], "whole lines only, the one cut in the middle dropped")
    }

    @Test func aCommandStoppedByItsTimeLimitKeepsWhatItPrinted() async throws {
        let slow = CommandSource(childrenCommand: "printf 'a\\nb\\n'; sleep 5", root: "r", timeout: 0.5)
        let paged = try #require(try await slow.pagedChildren(of: "r"))
        #expect(paged.first.map(\.id) == ["a", "b"])
        #expect(paged.notice == "the command did not finish within 0.5 s: showing the 2 lines it printed")
        #expect(slow.notices == [paged.notice])
    }

    @Test func printingALongCommandListReadsItAPageAtATime() async throws {
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("arbor-runs-\(UUID().uuidString.prefix(8))").path
        defer { try? FileManager.default.removeItem(atPath: log) }
        let source = CommandSource(childrenCommand: "echo run >> \(log); [ -z {} ] && seq 1 2500", root: nil)
        var lines: [String] = []
        let printer = TreePrinter(formatter: ItemFormatter(field: .title, idsArePaths: false), depth: 0)
        try await printer.print(source) { lines.append(String(decoding: $0, as: UTF8.self)) }
        #expect(lines.count == 2500 && lines.first == "1" && lines.last == "2500")
        let runs = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n").count
        #expect(runs == 1, "the list is read once and paged from what was kept")
    }

    @Test func printingACommandThatNamesAnAncestorStopsThere() async throws {
        var lines: [String] = []
        let printer = TreePrinter(formatter: ItemFormatter(field: .title, idsArePaths: false))
        try await printer.print(CommandSource(childrenCommand: "printf 'x\\ny\\n'", root: "x")) {
            lines.append(String(decoding: $0, as: UTF8.self))
            if lines.count > 100 { throw CancellationError() }
        }
        #expect(lines == ["x", "├── x", "└── y", "    ├── x", "    └── y"])
    }
}
