import CLibxml2

/// libxml2's functions, loaded the first time an XML source opens (see `CLibxml2`).
enum LibXML2 {
    /// The loaded library, or why it could not be loaded.
    static let loaded: Result<ArborLibxml2, SourceLoadError> = {
        #if os(macOS)
        let names = ["/usr/lib/libxml2.2.dylib", "libxml2.2.dylib"]
        #else
        let names = ["libxml2.so.2", "libxml2.so"]
        #endif
        return LoadedLibrary.load(names, into: ArborLibxml2(), bind: arbor_libxml2_bind).mapError {
            SourceLoadError("XML sources need libxml2 (Debian: libxml2; macOS: part of the system): \($0.reason)")
        }
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
