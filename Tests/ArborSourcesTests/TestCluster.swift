import Foundation

/// The throwaway PostgreSQL cluster of the tests: started once per test process by scripts/pg-cluster.sh,
/// stopped by the script when the process ends. Each test makes tables of its own names.
final class TestCluster: Sendable {
    /// The cluster, started on first use; a failure to start fails every test that needs it.
    static let shared = Result { try TestCluster(starting: "primary") }

    /// The folder holding the socket and the data.
    let folder: String
    /// The loopback port.
    let port: Int

    private init(folder: String, port: Int) {
        self.folder = folder
        self.port = port
    }

    private convenience init(starting name: String) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("arbor-pg-\(name)-\(UUID().uuidString.prefix(8))").path
        let printed = try Self.script(["start", folder, String(getpid())])
        try self.init(printed)
    }

    private convenience init(_ printed: String) throws {
        let words = printed.split(separator: " ")
        guard words.count == 2, let port = Int(words[1]) else { throw ClusterError("pg-cluster printed '\(printed)'") }
        self.init(folder: String(words[0]), port: port)
    }

    /// A hot standby streaming from this cluster.
    func startReplica() throws -> TestCluster {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("arbor-pg-replica-\(UUID().uuidString.prefix(8))").path
        return try TestCluster(try Self.script(["replica", self.folder, folder, String(port), String(getpid())]))
    }

    /// Stops the cluster now (a replica, when a test is done with it).
    func stop() throws {
        _ = try Self.script(["stop", folder])
    }

    /// A URI reaching database `arbor` as `user` over the socket.
    func socketURI(user: String = "arbor", database: String = "arbor") -> String {
        "postgres://\(user)@/\(database)?host=\(folder)&port=\(port)"
    }

    /// A URI reaching database `arbor` over loopback with a password.
    func loopbackURI(password: String = "secret", scheme: String = "postgresql") -> String {
        "\(scheme)://arbor:\(password)@127.0.0.1:\(port)/arbor"
    }

    /// Runs SQL as the superuser in `database`; returns what psql printed (unaligned, tuples only).
    @discardableResult
    func admin(_ sql: String, database: String = "arbor") throws -> String {
        try Self.run(["psql", "-h", folder, "-p", String(port), "-U", "admin", "-d", database, "-v", "ON_ERROR_STOP=1",
                      "-q", "-A", "-t", "-c", sql])
    }

    /// A table name no other test uses.
    static func uniqueName(_ stem: String) -> String {
        "\(stem)_\(UUID().uuidString.prefix(8).lowercased())"
    }

    private static func script(_ arguments: [String]) throws -> String {
        let root = #filePath.split(separator: "/").dropLast(3).joined(separator: "/")
        return try run(["/" + root + "/scripts/pg-cluster.sh"] + arguments)
    }

    /// Runs a program to its end (posix_spawn and waitpid: Foundation's Process may never see a child end
    /// inside the test runner), its output read from files.
    static func run(_ arguments: [String]) throws -> String {
        let stem = FileManager.default.temporaryDirectory.appendingPathComponent("arbor-pg-run-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: stem + ".out"); try? FileManager.default.removeItem(atPath: stem + ".err") }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, stem + ".out", O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, stem + ".err", O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        let argv = (["/usr/bin/env"] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        guard posix_spawn(&pid, "/usr/bin/env", &actions, nil, argv, environ) == 0 else { throw ClusterError("cannot run \(arguments[0])") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        let printed = (try? String(contentsOfFile: stem + ".out", encoding: .utf8)) ?? ""
        guard status == 0 else {
            throw ClusterError("\(arguments.joined(separator: " ")): \((try? String(contentsOfFile: stem + ".err", encoding: .utf8)) ?? "")")
        }
        return printed.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

struct ClusterError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
