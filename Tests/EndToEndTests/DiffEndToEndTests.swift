import Foundation
import Testing

@Suite("arbor diff, checked against an independent JSON Patch library")
struct DiffEndToEndTests {
    var plant: String { projectRoot.appendingPathComponent("sample-data/plant-maintenance.json").path }
    var plantV2: String { projectRoot.appendingPathComponent("sample-data/plant-maintenance-v2.json").path }

    @Test func theSampleVersionsDifferAndSayWhere() throws {
        let summary = try runCommand(arborBinary, ["diff", plant, plantV2])
        #expect(summary.status == 1)
        #expect(summary.stdout.contains("children/0  Hamburg Plant"), "\(summary.stdout)")
        #expect(summary.stdout.hasSuffix("+1 −1 ~3  in all\n"), "\(summary.stdout)")
        let paths = try runCommand(arborBinary, ["diff", "--output", "paths", "--print0", plant, plantV2])
        #expect(paths.stdout.split(separator: "\0").contains("/children/0/status"))
        let same = try runCommand(arborBinary, ["diff", plant, plant])
        #expect(same.status == 0)
        #expect(same.stdout == "+0 −0 ~0  in all\n")
        let missing = try runCommand(arborBinary, ["diff", plant, "/nonexistent/v3.json"])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("/nonexistent/v3.json"))
    }

    @Test func theSummaryShowsNamesFromTheDataInert() throws {
        let folder = try makeScratchFolder("arbor-diff-inert")
        defer { try? FileManager.default.removeItem(at: folder) }
        let one = folder.appendingPathComponent("one.json")
        let two = folder.appendingPathComponent("two.json")
        try Data(#"{"\u001b]0;owned\u0007": 1}"#.utf8).write(to: one)
        try Data(#"{"\u001b]0;owned\u0007": 2}"#.utf8).write(to: two)
        let summary = try runCommand(arborBinary, ["diff", one.path, two.path])
        #expect(summary.status == 1)
        #expect(!summary.stdout.contains("\u{1b}") && !summary.stdout.contains("\u{7}"), "\(summary.stdout)")
        #expect(summary.stdout.contains("^[]0;owned^G"), "\(summary.stdout)")
        let paths = try runCommand(arborBinary, ["diff", "--output", "paths", one.path, two.path])
        #expect(paths.stdout == "/\u{1b}]0;owned\u{7}\n", "paths are data, printed byte for byte as the picker prints")
    }

    @Test func aJSONDocumentAndItsYAMLAreEqual() throws {
        let folder = try makeScratchFolder("arbor-diff")
        defer { try? FileManager.default.removeItem(at: folder) }
        let json = folder.appendingPathComponent("a.json")
        let yaml = folder.appendingPathComponent("a.yaml")
        try Data(#"{"name": "api", "replicas": 3, "ports": [80, 443]}"#.utf8).write(to: json)
        try Data("ports: [80, 443]\nname: api\nreplicas: 3\n".utf8).write(to: yaml)
        #expect(try runCommand(arborBinary, ["diff", json.path, yaml.path]).status == 0)
        try Data("ports: [80, 8443]\nname: api\nreplicas: 3\n".utf8).write(to: yaml)
        let changed = try runCommand(arborBinary, ["diff", "--output", "patch", json.path, yaml.path])
        #expect(changed.status == 1)
        #expect(changed.stdout == "[{\"op\":\"replace\",\"path\":\"/ports/1\",\"value\":8443}]\n")
    }

    @Test func generatedPairsPatchedByPythonsJsonpatchGiveTheSecond() throws {
        let folder = try makeScratchFolder("arbor-diff-pairs")
        defer { try? FileManager.default.removeItem(at: folder) }
        let generate = """
            import json, random, sys
            rng = random.Random(int(sys.argv[2]))
            def value(depth):
                kind = rng.randrange(3 if depth == 0 else 6)
                if kind == 0: return rng.randrange(100)
                if kind == 1: return rng.choice(["a", "b", "c/d", "e~f", "ü"])
                if kind == 2: return rng.choice([None, True, False])
                if kind == 3: return [value(depth - 1) for _ in range(rng.randrange(8))]
                return {k: value(depth - 1) for k in rng.sample(["k", "l", "m", "n/o", "p~q"], rng.randrange(5))}
            def mutate(v):
                if isinstance(v, list):
                    v = list(v)
                    if v and rng.random() < 0.5: v.pop(rng.randrange(len(v)))
                    if rng.random() < 0.5: v.insert(rng.randrange(len(v) + 1), value(2))
                    return [mutate(x) if rng.random() < 0.3 else x for x in v]
                if isinstance(v, dict):
                    v = dict(v)
                    if v and rng.random() < 0.4: v.pop(rng.choice(list(v)))
                    if rng.random() < 0.4: v["z"] = value(2)
                    return {k: mutate(x) if rng.random() < 0.3 else x for k, x in v.items()}
                return value(1) if rng.random() < 0.5 else v
            for i in range(int(sys.argv[3])):
                a = value(4)
                b = mutate(a)
                json.dump(a, open(f"{sys.argv[1]}/a{i}.json", "w"))
                json.dump(b, open(f"{sys.argv[1]}/b{i}.json", "w"))
            """
        let check = """
            import json, jsonpatch, sys
            bad = []
            for i in range(int(sys.argv[2])):
                a = json.load(open(f"{sys.argv[1]}/a{i}.json"))
                b = json.load(open(f"{sys.argv[1]}/b{i}.json"))
                patch = json.load(open(f"{sys.argv[1]}/p{i}.json"))
                if jsonpatch.apply_patch(a, patch) != b: bad.append(i)
            print("bad:", bad)
            """
        let pairs = 60
        #expect(try runCommand("/usr/bin/env", ["python3", "-c", generate, folder.path, "7", String(pairs)]).status == 0)
        for index in 0..<pairs {
            let a = folder.appendingPathComponent("a\(index).json").path
            let b = folder.appendingPathComponent("b\(index).json").path
            let diff = try runCommand(arborBinary, ["diff", "--output", "patch", a, b])
            #expect(diff.status == 0 || diff.status == 1, "\(diff.stderr)")
            try Data(diff.stdout.utf8).write(to: folder.appendingPathComponent("p\(index).json"))
        }
        let checked = try runCommand("/usr/bin/env", ["python3", "-c", check, folder.path, String(pairs)])
        #expect(checked.stdout == "bad: []\n", "\(checked.stdout) \(checked.stderr)")
    }
}
