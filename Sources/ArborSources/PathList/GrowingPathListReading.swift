/// A path list shown from its whole lines read so far, growing to the whole list on another thread.
enum GrowingPathListReading {
    /// The tree of the whole lines read so far, growing to the whole list on another thread; nil when no line is
    /// whole yet. A slow pipe shows what has come every half second, then every second, every two...
    static func start(_ input: FirstPartInput) -> GrowingPathList? {
        let (reader, request, name) = (input.reader, input.request, input.name)
        guard !reader.isAtEnd, reader.bytes.contains(0x0A) else { return nil }
        let builder = PathListBuilder(separator: request.separator)
        let share = request.ceiling.streamShare
        let notice = request.ceiling.cutNotice(origin: request.path ?? "stdin")
        let growing = GrowingPathList(partial: builder.hierarchy(from: reader.wholeLines, name: name))
        let handoff = ReaderHandoff(reader)
        let firstFrame = request.firstFrame
        WorkerThreads.start {
            firstFrame.wait()
            let reader = handoff.reader
            var interval = 0.5
            do throws(SourceLoadError) {
                while !reader.isAtEnd, reader.bytes.count < share {
                    let before = reader.bytes.count
                    try reader.read(limit: share, for: interval)
                    interval *= 2
                    if !reader.isAtEnd, reader.bytes.count > before, reader.bytes.count < share {
                        growing.update(with: builder.hierarchy(from: reader.wholeLines, name: name))
                    }
                }
            } catch {
                growing.complete(with: builder.hierarchy(from: reader.bytes, name: name), problem: error.message)
                return
            }
            guard reader.isAtEnd else {
                growing.complete(with: builder.hierarchy(from: reader.wholeLines, name: name), problem: notice)
                return
            }
            reader.progress.finishReading()
            growing.complete(with: builder.hierarchy(from: reader.bytes, name: name))
        }
        return growing
    }
}
