import Foundation
import Testing

@Suite("arbor query path: JSONPath over files, tables and directories, from the command line", .serialized)
struct PathQueryEndToEndTests {
    func query(_ arguments: String...) throws -> CommandResult {
        try runCommand(arborBinary, ["query", "path"] + arguments)
    }

    @Test func aDocumentIsAnsweredInTheRFCsOrder() throws {
        let plants = samplePath("plant-maintenance.json")
        let names = try query("$..[?@.status == 'Breakdown'].name", plants)
        #expect(names.status == 0)
        #expect(names.stdout.hasPrefix("\"Control Valve Q-22\"\n\"Heat Exchanger P-41\"\n"), "\(names.stdout)")
        let paths = try query("$.children[0].children[1].children[1]", plants, "--output", "path")
        #expect(paths.stdout == "$['children'][0]['children'][1]['children'][1]\n")
        let ids = try query("$.children[0].children[1].children[1]", plants, "--output", "id")
        #expect(ids.stdout == "/children/0/children/1/children/1\n")
        let zero = try query("$.children[*].id", plants, "--print0")
        #expect(zero.stdout.split(separator: "\0").count == 3 && zero.stdout.hasSuffix("\0"))
    }

    @Test func noMatchIsOneAndABadExpressionIsTwoWithItsColumn() throws {
        let plants = samplePath("plant-maintenance.json")
        let none = try query("$.nothing", plants)
        #expect(none.status == 1 && none.stdout.isEmpty)
        let bad = try query("$..[?@.status = 'Breakdown']", plants)
        #expect(bad.status == 2 && bad.stdout.isEmpty)
        #expect(bad.stderr.contains("'=' is not an operator: compare with '==' at column 15"), "\(bad.stderr)")
        #expect(bad.stderr.contains("\n                ^"), "the caret stands under the error:\n\(bad.stderr)")
        let missing = try query("$", "/nonexistent/file.json")
        #expect(missing.status == 2 && missing.stderr.contains("/nonexistent/file.json"))
    }

    @Test func scalarsYAMLTablesAndDirectoriesAreQueried() throws {
        let folder = try makeScratchFolder("arbor-path")
        defer { try? FileManager.default.removeItem(at: folder) }
        func write(_ name: String, _ text: String) throws -> String {
            let path = folder.appendingPathComponent(name).path
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            return path
        }
        #expect(try query("$", try write("n.json", "42\n")).stdout == "42\n")
        let yaml = try write("c.yaml", "services:\n  web: {port: 80}\n  db: {port: 5432}\n")
        #expect(try query("$.services[?@.port > 100]", yaml, "--output", "path").stdout == "$['services']['db']\n")
        let csv = try write("t.csv", "id,parent,name,status\n1,,Plant,Active\n2,1,Pump,Breakdown\n3,1,Fan,Active\n")
        let broken = try query("$..[?@.status == 'Breakdown']", csv)
        #expect(broken.stdout == "2\n", "\(broken.stderr)")
        #expect(try query("$..[?@.status == 'Breakdown']", csv, "--output", "value").stdout
                == #"{"title":"Pump","id":2,"parent":1,"name":"Pump","status":"Breakdown"}"# + "\n")
        let tree = folder.appendingPathComponent("tree")
        try FileManager.default.createDirectory(at: tree.appendingPathComponent("deep"), withIntermediateDirectories: true)
        try Data(count: 5_000).write(to: tree.appendingPathComponent("deep/big.bin"))
        try Data(count: 10).write(to: tree.appendingPathComponent("small.txt"))
        let big = try query("$..[?@.type == 'file' && @.size > 1000]", tree.path)
        #expect(big.status == 0 && big.stdout == tree.appendingPathComponent("deep/big.bin").path + "\n", "\(big.stderr)")
        let names = try query("$..[?match(@.name, '.*[.]txt')].name", tree.path, "--output", "value")
        #expect(names.stdout == "\"small.txt\"\n")
    }

    @Test func findInADocumentMatchesValuesByDefault() throws {
        let plants = samplePath("plant-maintenance.json")
        let found = try runCommand(arborBinary, ["find", "Atlas Copco", "--format", "document", plants])
        #expect(found.status == 0)
        #expect(found.stdout.hasPrefix("/children/0/children/1/children/1/manufacturer\n"), "\(found.stdout)")
        let titles = try runCommand(arborBinary, ["find", "Atlas Copco", "--format", "document", "--search-fields", "title", plants])
        #expect(titles.status == 1 && titles.stdout.isEmpty)
    }

    @Test func deepNestingIsWalkedToTheLimitAndRefusedPastIt() throws {
        let folder = try makeScratchFolder("arbor-deep")
        defer { try? FileManager.default.removeItem(at: folder) }
        func nested(_ levels: Int) throws -> String {
            let path = folder.appendingPathComponent("deep\(levels).json").path
            let text = String(repeating: #"{"a":"#, count: levels) + "1" + String(repeating: "}", count: levels)
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            return path
        }
        let within = try query("$..[?@.a == 1]", try nested(500), "--output", "path")
        #expect(within.status == 0 && within.stdout == "$" + String(repeating: "['a']", count: 499) + "\n", "\(within.stderr)")
        let past = try query("$..a", try nested(100_000))
        #expect(past.status == 2 && past.stdout.isEmpty)
        #expect(past.stderr == "arbor: deep100000.json: line 1, column 2561: values nested more than 512 deep: a query goes no deeper\n")
    }

    @Test func numbersPrintAsWrittenInJSONYAMLAndTOMLAndInfinitiesSaySo() throws {
        let folder = try makeScratchFolder("arbor-numbers")
        defer { try? FileManager.default.removeItem(at: folder) }
        func write(_ name: String, _ text: String) throws -> String {
            let path = folder.appendingPathComponent(name).path
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            return path
        }
        let json = try query("$", try write("n.json", #"{"a": 9007199254740993, "b": 1e400, "c": 0.1, "d": -0}"#), "--output", "value")
        #expect(json.stdout == #"{"a":9007199254740993,"b":1e400,"c":0.1,"d":-0}"# + "\n" && json.stderr.isEmpty, "\(json.stdout)")
        let yaml = try query("$.a", try write("n.yaml", "a: 9007199254740993\n"), "--output", "value")
        #expect(yaml.stdout == "9007199254740993\n", "\(yaml.stdout)")
        let toml = try query("$", try write("n.toml", "big = 9223372036854775807\nup = inf\nodd = nan\n"), "--output", "value")
        #expect(toml.stdout == #"{"big":9223372036854775807,"up":null,"odd":null}"# + "\n", "\(toml.stdout)")
        #expect(toml.stderr.contains("held inf or nan, which JSON has no number for: written as null"), "\(toml.stderr)")
        let numbers = try query("$[?@ > 9223372036854775806]", try write("t.toml", "big = 9223372036854775807\nup = inf\n"))
        #expect(numbers.stdout.hasPrefix("9223372036854775807\n"), "TOML's infinity is a number too:\n\(numbers.stdout)")
    }

    /// YAML's own spellings of numbers and booleans are the values they spell, in a small file (read whole) and
    /// in a large one (read through the JSON index) alike; `.inf` is a number in the small one.
    @Test func yamlSpellingsAreTheirValuesInSmallAndLargeFiles() throws {
        let folder = try makeScratchFolder("arbor-yaml-numbers")
        defer { try? FileManager.default.removeItem(at: folder) }
        let values = "values:\n  hex: 0x1F\n  octal: 0o17\n  plus: +3\n  half: .5\n  zeros: 012\n  yes: True\n  no: FALSE\n  big: 1e400\n"
        let filler = (0..<60_000).map { "- name: item-\($0)\n" }.joined()
        for (name, text) in [("small.yaml", values + "inf: .inf\n"), ("large.yaml", values + "items:\n" + filler)] {
            let path = folder.appendingPathComponent(name).path
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            let printed = try query("$.values", path, "--output", "value")
            #expect(printed.stdout == #"{"hex":31,"octal":15,"plus":3,"half":0.5,"zeros":12,"yes":true,"no":false,"big":1e400}"# + "\n",
                    "\(name): \(printed.stdout)")
            let filtered = try query("$.values[?@ > 12 && @ < 100]", path, "--output", "value")
            #expect(filtered.stdout == "31\n15\n", "\(name): \(filtered.stdout)")
            #expect(try query("$.values[?@ == true]", path, "--output", "value").stdout == "true\n", "\(name)")
        }
        let infinity = try query("$[?@ > 1e400]", folder.appendingPathComponent("small.yaml").path, "--output", "value")
        #expect(infinity.stdout == "null\n" && infinity.stderr.contains("held inf or nan"), "\(infinity.stdout) \(infinity.stderr)")
    }

    /// A large document writes a whole value from its bytes, not from the value decoded: the same text a small
    /// one writes, escapes quoted again as JSON quotes them, numbers as written, the space between tokens left out.
    @Test func aLargeDocumentPrintsWholeValuesAsASmallOneDoes() throws {
        let folder = try makeScratchFolder("arbor-compact-values")
        defer { try? FileManager.default.removeItem(at: folder) }
        let values = #"""
        {"values": { "s" : [ "a\"b", "back\\slash", "\u00e9", "é", "\u0001", "tab\t", "\/", "DEL", "\ud83d\ude00", "" ],
          "n": [ 1E400, -0, 9007199254740993, 0.10 ], "o": { "a" : [ 1 , 2 ],
            "e": {}, "l": [ ] }, "t": [true, false, null] },
        """#.replacingOccurrences(of: "DEL", with: "\u{7F}")
        let filler = (0..<60_000).map { #"{"kind": "\#($0 % 2 == 0 ? "Even" : "Odd")", "name": "item-\#($0)"}"# }
        let expected = #"{"s":["a\"b","back\\slash","é","é","\u0001","tab\t","/","\u007f","😀",""],"#
            + #""n":[1E400,-0,9007199254740993,0.10],"o":{"a":[1,2],"e":{},"l":[]},"t":[true,false,null]}"#
        var printed: [String: [String]] = [:]
        for (name, items) in [("small.json", Array(filler.prefix(4))), ("large.json", filler)] {
            let path = folder.appendingPathComponent(name).path
            try (values + #""items": ["# + items.joined(separator: ",\n") + "]}\n").write(toFile: path, atomically: true, encoding: .utf8)
            let value = try query("$.values", path, "--output", "value")
            #expect(value.stdout == expected + "\n", "\(name): \(value.stdout)")
            let json = try query("$.values.o", path, "--output", "json")
            #expect(json.stdout == #"{"path":"$['values']['o']","id":"/values/o","value":{"a":[1,2],"e":{},"l":[]}}"# + "\n",
                    "\(name): \(json.stdout)")
            printed[name] = try [("$..[?@.kind == 'Odd']", 2), ("$..[?@.kind != 'Even']", 1)].flatMap {
                try query($0.0, path, "--output", "json").stdout.split(separator: "\n").prefix($0.1).map(String.init)
            }
        }
        #expect(printed["small.json"] == printed["large.json"])
        #expect(printed["large.json"]?.first == #"{"path":"$['items'][1]","id":"/items/1","value":{"kind":"Odd","name":"item-1"}}"#)
        // Nothing equals no literal: the objects without a kind are not 'Even'.
        #expect(printed["large.json"]?[2].hasPrefix(#"{"path":"$['values']","id":"/values","value":{"s":"#) == true)
    }
}
