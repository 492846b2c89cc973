import ArborCore
@testable import ArborSources
import Foundation

/// A SQLite database in a temporary file, its tables made by `build`; returns its path.
func temporarySQLite(_ build: (SQLiteConnection) throws -> Void) throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("arbor-\(UUID().uuidString).sqlite").path
    try SQLiteDatabase(path: path, writable: true).read(build)
    return path
}

/// The table `nodes` of a SQLite file, opened as the command line opens it.
func openNodesTable(_ path: String, orderBy: String? = nil) throws -> any HierarchySource {
    var request = SourceRequest(path: path)
    request.settings["table"] = "nodes"
    request.settings["order-by"] = orderBy
    return try SourceOpener.open(request).hierarchy
}
