import ArborCore
@testable import ArborSources
import Foundation
import Testing

@Suite("TOML, property lists and INI as documents")
struct SettingsDocumentTests {
    func open(_ bytes: [UInt8], name: String) throws -> OpenedSource {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("arbor-\(UUID().uuidString)-\(name)").path
        #expect(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
        defer { unlink(path) }
        return try SourceOpener.open(SourceRequest(path: path))
    }

    func open(_ text: String, name: String) throws -> OpenedSource {
        try open(Array(text.utf8), name: name)
    }

    @Test func tomlTablesArraysOfTablesAndDottedKeys() async throws {
        let opened = try open("""
            title = "Demo"
            [owner]
            name = "Tom"
            dob = 1979-05-27T07:32:00-08:00
            [[products]]
            name = "Hammer"
            sku = 738594937
            [[products]]
            name = "Nail"
            color.primary = "gray"
            [server.limits]
            ratio = 0.5
            on = true
            ports = [8000, 8001]
            """, name: "Cargo.toml")
        #expect(opened.format == .document)
        let source = opened.hierarchy
        #expect(Set(try await source.children(of: "").map(\.content.title)) == ["title", "owner", "products", "server"])
        #expect(try await source.item("/owner/dob").content.scalar?.text == "1979-05-27T07:32:00-08:00")
        let products = try await source.children(of: "/products")
        #expect(products.map(\.content.subtitle) == ["object", "object"])
        #expect(try await source.item("/products/0/sku").content.scalar == ScalarValue(.number, "738594937"))
        #expect(try await source.item("/products/1/color/primary").content.scalar == ScalarValue(.string, "gray"), "a dotted key is a table")
        #expect(try await source.item("/server/limits/ratio").content.scalar == ScalarValue(.number, "0.5"))
        #expect(try await source.item("/server/limits/on").content.scalar == ScalarValue(.boolean, "true"))
        #expect(try await source.numberOfChildren(of: "/server/limits/ports") == 2)
    }

    @Test func malformedTOMLSaysWhere() throws {
        do {
            _ = try open("a = 1\nb = [1,\n", name: "bad.toml")
            Issue.record("opened malformed TOML")
        } catch let error as SourceLoadError {
            #expect(error.message.contains("bad.toml:3:1: invalid TOML") || error.message.contains("bad.toml:2:"), "\(error.message)")
        }
    }

    @Test func aDateWhoseTimeHasNoDigitsIsAnErrorNotAnAbort() throws {
        do {
            _ = try open("title = \"Demo\"\n[owner]\ndob = 1979-05-27tite32:00-08:00\n", name: "bad.toml")
            Issue.record("opened a date with no time after its T")
        } catch let error as SourceLoadError {
            #expect(error.message.contains("bad.toml:3:18"), "\(error.message)")
            #expect(error.message.contains("'T' must be followed by the time's digits"), "\(error.message)")
        }
        let fine = try open("dob = 1979-05-27T07:32:00-08:00\nnote = \"1979-05-27Tx in a string\"\nday = 1979-05-27\n", name: "good.toml")
        #expect(fine.format == .document, "a time after its T, and a T in a string, read as they are")
    }

    /// toml++ asserts, stopping the process, on a `}` where an array's element should start.
    @Test(arguments: [
        ("z0=[[}}7}}}}5]]", 1, 6), ("a = [1, }]", 1, 9), ("a = [}]", 1, 6), ("a = [ # note\n  }]", 2, 3),
        ("a = {b = [}]}", 1, 11), ("[t]\nx = [\"}\", }", 2, 11),
    ])
    func aBraceWhereAnArrayElementStartsIsAnErrorNotAnAbort(text: String, line: Int, column: Int) throws {
        do {
            _ = try open(text, name: "bad.toml")
            Issue.record("opened \(text)")
        } catch let error as SourceLoadError {
            #expect(error.message.contains("bad.toml:\(line):\(column): invalid TOML: expected a value or ']' in the array, saw '}'"),
                    "\(error.message)")
        }
    }

    @Test func arraysOfTablesStringsAndTrailingCommasStillRead() async throws {
        let opened = try open("""
            a = [{b = 1}, {c = "}"}, [], [[1], [2,]],]
            [[items]]
            name = "x}"
            when = [1979-05-27 07:32:00Z, 1979-05-28]
            """, name: "good.toml")
        #expect(try await opened.hierarchy.numberOfChildren(of: "/a") == 4)
    }

    @Test func propertyListsXMLAndBinary() async throws {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0"><dict>
              <key>Name</key><string>Demo</string>
              <key>Count</key><integer>3</integer>
              <key>Enabled</key><true/>
              <key>Items</key><array><string>a</string><real>1.50</real><real>.5</real></array>
            </dict></plist>
            """
        let opened = try open(xml, name: "Info.plist")
        #expect(opened.format == .document)
        let source = opened.hierarchy
        #expect(try await source.children(of: "").map(\.content.title) == ["Count", "Enabled", "Items", "Name"])
        #expect(try await source.item("/Enabled").content.scalar == ScalarValue(.boolean, "true"))
        #expect(try await source.item("/Count").content.scalar == ScalarValue(.number, "3"))
        #expect(try await source.children(of: "/Items").map(\.content.scalar)
                == [ScalarValue(.string, "a"), ScalarValue(.number, "1.50"), ScalarValue(.number, "0.5")], "as written where JSON writes it so")
        #expect(try open(xml, name: "noextension").format == .document, "recognised by its doctype, not read as XML")
        let binary = try PropertyListSerialization.data(fromPropertyList: ["Name": "Bin", "Flags": [true, false]], format: .binary, options: 0)
        let fromBinary = try open(Array(binary), name: "settings")
        #expect(try await fromBinary.hierarchy.item("/Name").content.scalar == ScalarValue(.string, "Bin"))
        #expect(try await fromBinary.hierarchy.numberOfChildren(of: "/Flags") == 2)
    }

    @Test func aBinaryPropertyListHoldingASetIsRefusedNotRead() throws {
        // Found by the plist fuzz target: a set (marker 0xC7) as the top object crashed the Foundation reader used then.
        let hex = "62706c6973743030c701020304050607080b0a0b0c0d1054426c6f625c434642756e646c654e616d6555436f756e7457"
            + "4372656174656457456e61626c6564554974656d73555204050607080b0a0b0c0d1054426c6f625c4346da5280000009"
            + "a20e0f51611001233ff800000000000008171c292f373f454b4f54565f60636567000000000000010100000000000000"
            + "1100000000000000000000000000000070"
        var bytes: [UInt8] = []
        var index = hex.startIndex
        while index < hex.endIndex {
            let next = hex.index(index, offsetBy: 2)
            bytes.append(UInt8(hex[index..<next], radix: 16)!)
            index = next
        }
        #expect(bytes.count == 161)
        #expect(BinaryPropertyList.firstSet(in: bytes) == 0)
        do {
            _ = try open(bytes, name: "fuzzed.plist")
            Issue.record("opened a property list holding a set")
        } catch let error as SourceLoadError {
            #expect(error.message.hasSuffix("fuzzed.plist: invalid property list: object 0 is a set, which property lists do not hold"))
        }
        let plain = try PropertyListSerialization.data(fromPropertyList: ["a": [1, 2]], format: .binary, options: 0)
        #expect(BinaryPropertyList.firstSet(in: Array(plain)) == nil)
        #expect(BinaryPropertyList.firstSet(in: Array("bplist00".utf8) + [UInt8](repeating: 0xFF, count: 40)) == nil)
    }

    @Test func iniSectionsKeysAndComments() async throws {
        let opened = try open("; top comment\nroot = 1\n[server]\nhost = example.org\nport: 8080\n# c\n[paths]\ndata = \"/var/x\"\n", name: "app.ini")
        let source = opened.hierarchy
        #expect(try await source.children(of: "").map(\.content.title) == ["root", "server", "paths"])
        #expect(try await source.children(of: "/server").map(\.content.scalar?.text) == ["example.org", "8080"])
        #expect(try await source.item("/paths/data").content.scalar?.text == "/var/x")
        #expect(throws: SourceLoadError.self) { try open("[server\n", name: "bad.ini") }
        do {
            _ = try open("a = 1\njust words\n", name: "bad.ini")
        } catch let error as SourceLoadError {
            #expect(error.message.hasSuffix("bad.ini:2:1: invalid INI: expected key = value, a [section] or a comment"))
        }
    }
}
