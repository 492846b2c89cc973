import CLibxml2

/// libxml2's functions, loaded the first time an XML source opens (see `CLibxml2`).
enum LibXML2 {
    /// The loaded library, or why it could not be loaded.
    static let loaded: Result<ArborLibxml2, SourceLoadError> = {
        var table = ArborLibxml2()
        var problem = [CChar](repeating: 0, count: 512)
        guard arbor_libxml2_load(&table, &problem, problem.count) == 0 else {
            let reason = String(decoding: problem.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            return .failure(SourceLoadError("XML sources need libxml2 (Debian: libxml2; macOS: part of the system): \(reason)"))
        }
        return .success(table)
    }()

    /// The library's functions; the loaded table when this is called from a callback of a parser it made.
    static var functions: ArborLibxml2 {
        guard case .success(let table) = loaded else { preconditionFailure("libxml2 called before it was loaded") }
        return table
    }

    /// The library, or the error saying it is missing; errors name `origin`.
    static func library(origin: String) throws(SourceLoadError) -> ArborLibxml2 {
        switch loaded {
        case .success(let table): return table
        case .failure(let error): throw SourceLoadError("\(origin): \(error.message)")
        }
    }
}
