import ArborCore
@testable import ArborSources
import Foundation
import Testing

/// The preview of a large document reads a value no further than the pane shows of it: moving onto a string of
/// megabytes decodes its first part, and what a preview shows of an ordinary value is what it always showed.
@Suite("Previews of a document read lazily: a long value read as far as it is shown")
struct LazyJSONPreviewTests {
    /// `{"small": "value", "big": <lines>, "after": "end"}` with `big` a string of 60,000 lines spelled with `\n`.
    static let lines = (0..<60_000).map { "line \($0) of a long value é" }
    static let document: [UInt8] = Array(#"{"small": "value", "big": ""#.utf8)
        + Array(lines.joined(separator: #"\n"#).utf8) + Array(#"", "after": "end"}"#.utf8)

    @Test func aLongStringIsReadCutPastTheBytesAsked() async throws {
        let lazy = try #require(LazyJSONDocument(bytes: Self.document, name: "big"))
        let whole = try #require(try await lazy.item("/big").content.scalar?.text)
        #expect(whole == Self.lines.joined(separator: "\n"))
        let cut = try #require(try await lazy.item("/big", valueBytes: 1_000).content.scalar?.text)
        #expect(cut.utf8.count > 1_000 && cut.utf8.count <= 1_016 && whole.hasPrefix(cut))
        // Listed with a cut, its neighbours whole.
        let listed = try await lazy.children(of: "", in: 0..<3, valueBytes: 1_000).map { $0.content.scalar?.text }
        #expect(listed == ["value", cut, "end"])
    }

    /// A listed page that passes a value of megabytes keeps its scalars for their lookup, each key's first
    /// member as a lookup finds it: a later member of the same key is not taken for it.
    @Test func aKeyRepeatedAfterALongValueStillNamesItsFirstMember() async throws {
        let long = String(repeating: "x", count: LongText.limit + 10)
        let lazy = try #require(LazyJSONDocument(bytes: Array(#"{"a": {"x": 1}, "big": "\#(long)", "a": "\#(long)", "b": 2}"#.utf8), name: "d"))
        #expect(try await lazy.children(of: "").map(\.id) == ["/a", "/big", "/a", "/b"])
        #expect(try await lazy.item("/a").childCount == 1)
        #expect(try await lazy.numberOfChildren(of: "/a") == 1)
        #expect(try await lazy.item("/big").content.scalar?.text == long)
        #expect(try await lazy.item("/b").content.scalar?.text == "2")
        #expect(try await lazy.position(of: "/b", in: "") == 3)
    }

    /// A container's field holds a member's first MiB; for output the field is read whole from the member.
    @Test func aFieldCutInItsContainerIsWholeForOutput() async throws {
        let long = String(repeating: "é", count: LongText.limit / 2 + 10)
        let lazy = try #require(LazyJSONDocument(bytes: Array(#"{"obj": {"k": "\#(long)", "n": 1}, "list": ["\#(long)"]}"#.utf8), name: "d"))
        let object = try await lazy.item("/obj")
        #expect(object.content.fields.map(\.name) == ["k", "n"] && object.content.fields[0].value.utf8.count <= LongText.limit)
        let whole = await WholeFields.of(object, in: lazy)
        #expect(whole.content.fields.map(\.value) == [long, "1"])
        // A list's fields are unnamed: left as they are.
        let list = try await lazy.item("/list")
        #expect(await WholeFields.of(list, in: lazy).content.fields == list.content.fields)
    }

    /// Escapes shrink as they are decoded: a string of more bytes than asked that decodes to fewer is whole.
    @Test func aStringThatDecodesShorterThanTheCutIsWhole() async throws {
        let lazy = try #require(LazyJSONDocument(bytes: Array(#"{"s": ""#.utf8) + Array(String(repeating: #"\t"#, count: 1_000).utf8)
                                                 + Array(#"", "n": "#.utf8) + Array(String(repeating: "9", count: 5_000).utf8) + [UInt8(ascii: "}")],
                                                 name: "s"))
        #expect(try await lazy.item("/s", valueBytes: 1_500).content.scalar?.text == String(repeating: "\t", count: 1_000))
        let number = try #require(try await lazy.item("/n", valueBytes: 100).content.scalar)
        #expect(number.kind == .number && number.text == String(repeating: "9", count: 101))
        #expect(try await lazy.item("/n").content.scalar?.text.utf8.count == 5_000)
    }

    @Test func theValuesPreviewShowsItsFirstLinesAndSaysItIsCut() async throws {
        let lazy = try #require(LazyJSONDocument(bytes: Self.document, name: "big"))
        let preview = try await lazy.itemPreview(of: "/big", lines: 40)
        #expect(preview.lines.map(\.text) == Array(Self.lines.prefix(40)) && preview.isCut && preview.wraps)
        let container = try await lazy.itemPreview(of: "", lines: 40)
        #expect(container.lines.count == 5 && container.isCut && container.lines[1].text == #"  "small": "value","#)
        let member = container.lines[2].text
        #expect(member.hasPrefix(#"  "big": "line 0 of a long value é\nline 1 "#) && member.utf8.count < 50_000)
        #expect(container.lines[3].text == #"  "after": "end""#)
        // Asked for as many lines as a copy takes, the member is whole.
        let copied = try await lazy.itemPreview(of: "", lines: 100_000)
        #expect(!copied.isCut && copied.lines[2].text == #"  "big": ""# + Self.lines.joined(separator: #"\n"#) + #"","#)
    }

    /// Read cut, every item of an ordinary document previews as it does from its items read whole.
    @Test func ordinaryValuesPreviewAsWhenReadWhole() async throws {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../sample-data/plant-maintenance.json").path
        let bytes = try Array(Data(contentsOf: URL(fileURLWithPath: path)))
        let lazy = try #require(LazyJSONDocument(bytes: bytes, name: "plant"))
        var ids = [""], checked = 0
        while let id = ids.popLast() {
            for lines in [1, 3, 200] {
                let generic = try await DocumentPreview(reader: WholeValueReading(source: lazy), limit: lines).preview(of: id)
                #expect(try await lazy.itemPreview(of: id, lines: lines) == generic, "\(id)")
            }
            ids += try await lazy.children(of: id).map(\.id)
            checked += 1
        }
        #expect(checked > 50)
    }

}
