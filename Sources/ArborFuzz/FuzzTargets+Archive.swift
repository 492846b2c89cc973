import ArborCore
import ArborSources
import Dispatch

extension FuzzTargets {
    /// Any bytes read as an archive through libarchive: refused with a message, or listed and walked, each member's
    /// preview read (bounded), every member that opens opened; never a crash, a hang or a path outside the archive.
    static func archive(_ bytes: [UInt8]) {
        var request = SourceRequest(path: nil, format: .archive)
        request.crossesInto = true
        request.ceiling = InputCeiling(bytes: 1 << 20)
        let source: ArchiveSource
        do {
            source = try ArchiveSource(path: "f", bytes: bytes, rootID: "f", request: request)
        } catch {
            if error.message.isEmpty { fatalError("a refusal without a message") }
            return
        }
        let ids = walkedIDs(source, limit: 100)
        if ids.contains(where: { !$0.hasPrefix("f") }) { fatalError("an id outside the archive") }
        for id in ids.prefix(20) { preview(of: id, in: source) }
    }

    /// An item's preview, waited for.
    private static func preview(of id: String, in source: any HierarchySource) {
        let done = DispatchSemaphore(value: 0)
        Task {
            _ = try? await source.itemPreview(of: id, lines: 20)
            done.signal()
        }
        done.wait()
    }
}
