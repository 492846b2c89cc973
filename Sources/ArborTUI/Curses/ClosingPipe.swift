import CNcurses

/// A pipe whose ends are close-on-exec from the start, so that no child spawned by another thread holds one
/// (made by the C shim: `pipe2` is not in the Swift overlay of the C library).
enum ClosingPipe {
    /// Fills `ends` with the read and the write end; 0, or -1 with errno set.
    static func make(_ ends: inout [Int32]) -> Int32 {
        arbor_pipe_cloexec(&ends)
    }
}
