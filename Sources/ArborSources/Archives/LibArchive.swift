import CLibarchive

/// libarchive's functions, loaded the first time an archive opens (see `CLibarchive`).
enum LibArchive {
    /// The loaded library, or why it could not be loaded.
    static let loaded: Result<ArborLibarchive, SourceLoadError> = {
        #if os(macOS)
        let names = ["libarchive.13.dylib", "/opt/homebrew/opt/libarchive/lib/libarchive.13.dylib", "/usr/local/opt/libarchive/lib/libarchive.13.dylib"]
        #else
        let names = ["libarchive.so.13", "libarchive.so"]
        #endif
        return LoadedLibrary.load(names, into: ArborLibarchive(), bind: arbor_libarchive_bind).mapError {
            SourceLoadError("archives need libarchive (Debian: libarchive13; macOS: brew install libarchive): \($0.reason)")
        }
    }()

    /// The library, or the error saying it is missing.
    static func library() throws(SourceLoadError) -> ArborLibarchive {
        try loaded.get()
    }
}
