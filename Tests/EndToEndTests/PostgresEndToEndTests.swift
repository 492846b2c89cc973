import Foundation
import Testing

/// A throwaway PostgreSQL cluster for the end-to-end tests, started once by scripts/pg-cluster.sh and stopped
/// by it when the test process ends, with a table `places(id, parent, name)` readable by role `arbor`.
struct PostgresServer: Sendable {
    static let shared = Result { try PostgresServer() }

    let folder: String
    let port: Int

    private init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("arbor-pg-e2e-\(UUID().uuidString.prefix(8))").path
        let started = try runCommand("/usr/bin/env", ["bash", projectRoot.appendingPathComponent("scripts/pg-cluster.sh").path,
                                                      "start", folder, String(getpid())])
        let words = started.stdout.split(whereSeparator: \.isWhitespace)
        guard started.status == 0, words.count == 2, let port = Int(words[1]) else {
            throw SpawnError(code: started.status)
        }
        self.port = port
        try admin("""
            CREATE TABLE places (id integer PRIMARY KEY, parent integer, name text);
            INSERT INTO places VALUES (1, NULL, 'earth'), (2, NULL, 'mars'), (3, 1, 'europe'), (4, 1, 'asia'),
                (5, 3, 'france'), (6, 5, 'paris'), (7, 2, 'olympus');
            CREATE TABLE private_places (id integer PRIMARY KEY, parent integer);
            REVOKE ALL ON private_places FROM arbor;
            """)
    }

    @discardableResult
    func admin(_ sql: String) throws -> String {
        let result = try runCommand("/usr/bin/env", ["psql", "-h", folder, "-p", String(port), "-U", "admin", "-d", "arbor",
                                                     "-v", "ON_ERROR_STOP=1", "-q", "-A", "-t", "-c", sql])
        guard result.status == 0 else { throw SpawnError(code: result.status) }
        return result.stdout
    }

    /// A URI over loopback with `password`.
    func uri(password: String? = "secret") -> String {
        "postgres://arbor\(password.map { ":" + $0 } ?? "")@127.0.0.1:\(port)/arbor"
    }
}

@Suite("A PostgreSQL table through the binary: browsed, printed, asked, refused", .serialized)
struct PostgresEndToEndTests {
    let server: PostgresServer

    init() throws {
        server = try PostgresServer.shared.get()
    }

    func arbor(_ arguments: [String], environment: [String] = []) throws -> CommandResult {
        try runCommand("/usr/bin/env", environment + [arborBinary] + arguments)
    }

    @Test func aTableIsBrowsedColumnByColumn() throws {
        let tmux = try TmuxSession("\(shellQuote(arborBinary)) \(shellQuote(server.uri())) --table places --header; echo status=$?")
        let first = tmux.waitForScreen { $0.contains("earth") && $0.contains("mars") }
        #expect(first.ok, "the top rows show:\n\(first.screen)")
        #expect(first.screen.contains("places · arbor@127.0.0.1"), "the header names table and server:\n\(first.screen)")
        #expect(!first.screen.contains("secret"))
        try tmux.send("Enter")
        #expect(tmux.waitForScreen { $0.contains("europe") && $0.contains("asia") }.ok)
        try tmux.send("Right", "Enter")
        let third = tmux.waitForScreen { $0.contains("france") }
        #expect(third.ok, "a third column opens:\n\(third.screen)")
        try tmux.send("q")
        #expect(tmux.waitForScreen { $0.contains("status=0") }.ok)
    }

    @Test func printAndQueryStreamFromTheServer() throws {
        let printed = try arbor(["print", server.uri(), "--table", "places"])
        #expect(printed.status == 0)
        #expect(printed.stdout == "earth\n├── europe\n│   └── france\n│       └── paris\n└── asia\nmars\n└── olympus\n")
        let descendants = try arbor(["query", "descendants", "1", server.uri(), "--table", "places", "--output", "path"])
        #expect(descendants.status == 0)
        #expect(descendants.stdout.split(separator: "\n").sorted() == ["earth/asia", "earth/europe", "earth/europe/france", "earth/europe/france/paris"])
        let ancestors = try arbor(["query", "ancestors", "6", server.uri(), "--table", "places", "--output", "title"])
        #expect(ancestors.stdout == "france\neurope\nearth\n")
        let grouped = try arbor(["query", "group", "1", server.uri(), "--table", "places", "--by", "parent"])
        #expect(grouped.stdout.split(separator: "\n").sorted() == ["1\t3", "1\t4", "3\t5", "5\t6"])
        let nothing = try arbor(["query", "descendants", "6", server.uri(), "--table", "places"])
        #expect(nothing.status == 1 && nothing.stdout.isEmpty)
        let unknown = try arbor(["query", "siblings", "99", server.uri(), "--table", "places"])
        #expect(unknown.status == 2 && unknown.stderr.contains("no item with id '99'"))
        let france = try arbor(["query", "path", "$..[?@.title == 'france']", server.uri(), "--table", "places"])
        #expect(france.status == 0 && france.stdout == "5\n", "\(france.stderr)")
        let leaves = try arbor(["query", "path", "$..[?@.title && !@.children]", server.uri(), "--table", "places", "--output", "title"])
        #expect(leaves.stdout.split(separator: "\n").sorted() == ["asia", "olympus", "paris"], "\(leaves.stderr)")
    }

    @Test(arguments: [
        (["--table", "nowhere"], "no table or view"),
        (["--table", "places", "--parent", "up"], "has no column 'up'"),
        (["--table", "private_places"], "permission denied for table private_places"),
        (["--table", "places; DROP TABLE places"], "no table or view"),
    ])
    func aBadTableIsAMessageAndStatusTwoBeforeTheScreen(arguments: [String], message: String) throws {
        let tmux = try TmuxSession("\(shellQuote(arborBinary)) \(shellQuote(server.uri())) \(arguments.map(shellQuote).joined(separator: " ")); echo status=$?")
        let ended = tmux.waitForScreen { $0.contains("status=") }
        #expect(ended.screen.contains("status=2"), "\(ended.screen)")
        #expect(ended.screen.contains(message), "\(ended.screen)")
        #expect(!ended.screen.contains("secret"))
        #expect(try server.admin("SELECT count(*) FROM places") == "7\n")
    }

    @Test func aRefusedConnectionAndAWrongPasswordNameThePlaceNotThePassword() throws {
        let wrong = try arbor(["print", server.uri(password: "hunter2"), "--table", "places"])
        #expect(wrong.status == 2 && wrong.stdout.isEmpty)
        #expect(wrong.stderr.contains("password authentication failed") && wrong.stderr.contains("127.0.0.1"), "\(wrong.stderr)")
        #expect(!wrong.stderr.contains("hunter2"))
        let refused = try arbor(["print", "postgresql://arbor:hunter2@127.0.0.1:1/arbor", "--table", "places"])
        #expect(refused.status == 2 && refused.stderr.contains("127.0.0.1") && refused.stderr.contains("refused"), "\(refused.stderr)")
        #expect(!refused.stderr.contains("hunter2"))
    }

    @Test func theServiceFileAndThePasswordFileAreLibpqs() throws {
        let folder = try makeScratchFolder("arbor-pgconf")
        defer { try? FileManager.default.removeItem(at: folder) }
        let services = folder.appendingPathComponent("services").path
        let passwords = folder.appendingPathComponent("pgpass").path
        try "[atlas]\nhost=127.0.0.1\nport=\(server.port)\ndbname=arbor\nuser=arbor\n".write(toFile: services, atomically: true, encoding: .utf8)
        try "127.0.0.1:\(server.port):arbor:arbor:secret\n".write(toFile: passwords, atomically: true, encoding: .utf8)
        chmod(passwords, 0o600)
        let environment = ["PGSERVICEFILE=\(services)", "PGPASSFILE=\(passwords)"]
        let byService = try arbor(["print", "--format", "postgres", "--table", "places", "--depth", "0"],
                                  environment: environment + ["PGSERVICE=atlas"])
        #expect(byService.status == 0 && byService.stdout == "earth\nmars\n", "\(byService.stderr)")
        let byString = try arbor(["print", "service=atlas", "--format", "postgres", "--table", "places", "--depth", "0"], environment: environment)
        #expect(byString.stdout == "earth\nmars\n", "\(byString.stderr)")
        let byURI = try arbor(["print", server.uri(password: nil), "--table", "places", "--depth", "0"], environment: environment)
        #expect(byURI.stdout == "earth\nmars\n", "the password comes from the password file: \(byURI.stderr)")
        let exports = environment.map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
            return "export \(parts[0])=\(shellQuote(parts[1])); "
        }.joined()
        let browsed = try TmuxSession(exports + "PGSERVICE=atlas \(shellQuote(arborBinary)) --format postgres --table places; echo status=$?")
        let shown = browsed.waitForScreen { $0.contains("earth") && $0.contains("mars") }
        #expect(shown.ok, "in a terminal, --format postgres needs no source argument:\n\(shown.screen)")
        try browsed.send("q")
        #expect(browsed.waitForScreen { $0.contains("status=0") }.ok)
        let without = try arbor(["print", server.uri(password: nil), "--table", "places"],
                                environment: ["PGPASSFILE=/nonexistent"])
        #expect(without.status == 2 && without.stderr.contains("password"), "\(without.stderr)")
    }
}
