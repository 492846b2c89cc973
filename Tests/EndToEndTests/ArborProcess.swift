import Foundation

/// Where the built `arbor` is: `ARBOR_BIN`, or the debug build of this checkout.
let arborBinary: String = {
    if let path = ProcessInfo.processInfo.environment["ARBOR_BIN"], !path.isEmpty { return path }
    return projectRoot.appendingPathComponent(".build/debug/arbor").path
}()

/// The checkout this test file belongs to.
let projectRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

/// The path of a file in `sample-data/`.
func samplePath(_ name: String) -> String {
    projectRoot.appendingPathComponent("sample-data").appendingPathComponent(name).path
}

/// Quotes a word for `/bin/sh`.
func shellQuote(_ word: String) -> String {
    "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
}

/// The result of running a command to its end.
struct CommandResult {
    var status: Int32
    var stdout: String
    var stderr: String
}

/// A new, empty folder in the temporary directory, named from `prefix`; the caller removes it.
func makeScratchFolder(_ prefix: String) throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
}

/// Runs a program with arguments, stdin from /dev/null, output into files that are read once it has exited
/// (a pipe could be held open by a server the program leaves behind, as tmux does).
/// `blocking` names signals the program starts with blocked, as a careless parent could leave them.
func runCommand(_ executable: String, _ arguments: [String], blocking: [Int32] = []) throws -> CommandResult {
    let scratch = try makeScratchFolder("arbor-run")
    defer { try? FileManager.default.removeItem(at: scratch) }
    let outPath = scratch.appendingPathComponent("out").path
    let errPath = scratch.appendingPathComponent("err").path
    var actions: posix_spawn_file_actions_t = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, outPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_addopen(&actions, 2, errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    let argv = ([executable] + arguments).map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var noSignals = sigset_t()
    sigemptyset(&noSignals)
    for signal in blocking { sigaddset(&noSignals, signal) }
    posix_spawnattr_setsigmask(&attributes, &noSignals)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK))
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, executable, &actions, &attributes, argv, environ)
    guard spawned == 0 else { throw SpawnError(code: spawned) }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0, errno == EINTR {}
    let exitStatus = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
    return CommandResult(
        status: exitStatus,
        stdout: (try? String(contentsOfFile: outPath, encoding: .utf8)) ?? "",
        stderr: (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? "")
}

/// A program could not be started.
struct SpawnError: Error {
    var code: Int32
}
