import ArborCore
import ArborSources
import Foundation
import GRDB

/// A SQLite database in a temporary file, its tables made by `build`; returns its path.
func temporarySQLite(_ build: (Database) throws -> Void) throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("arbor-\(UUID().uuidString).sqlite").path
    let queue = try DatabaseQueue(path: path)
    try queue.write(build)
    try queue.close()
    return path
}

/// The table `nodes` of a SQLite file, opened as the command line opens it.
func openNodesTable(_ path: String, orderBy: String? = nil) throws -> any HierarchySource {
    var request = SourceRequest(path: path)
    request.table = "nodes"
    request.orderBy = orderBy
    return try SourceOpener.open(request).hierarchy
}
