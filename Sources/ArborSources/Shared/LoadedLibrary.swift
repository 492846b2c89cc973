#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A C library loaded when a source first needs it rather than linked (libpq, libxml2): the first of its names
/// that opens, its functions bound into a C table by the library's shim.
enum LoadedLibrary {
    /// Opens the first of `names` that loads and fills `table` with `bind`; why not, when it fails.
    static func load<Table>(_ names: [String], into table: Table,
                            bind: (UnsafeMutablePointer<Table>, UnsafeMutableRawPointer, UnsafeMutablePointer<CChar>, Int) -> Int32)
        -> Result<Table, LoadFailure> {
        var library: UnsafeMutableRawPointer?
        for name in names where library == nil { library = dlopen(name, RTLD_NOW | RTLD_LOCAL) }
        guard let library else { return .failure(LoadFailure(reason: dlerror().map { String(cString: $0) } ?? "not found")) }
        var table = table
        var problem = [CChar](repeating: 0, count: 512)
        guard bind(&table, library, &problem, problem.count) == 0 else {
            return .failure(LoadFailure(reason: String(decoding: problem.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)))
        }
        return .success(table)
    }

    /// Why a library did not load: the system loader's message, or the function it lacks.
    struct LoadFailure: Error {
        let reason: String
    }
}
