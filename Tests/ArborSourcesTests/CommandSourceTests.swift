import ArborCore
import ArborSources
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
}
