import ArborCore
import ArborSources
import Foundation
import Testing

/// Traits given where a source is made, without casts, must say what the casts would find.
@Suite("Source traits")
struct SourceTraitsTests {
    /// Whether each trait is there, as one comparable row.
    func row(_ traits: SourceTraits, _ listeners: ShownListeners?) -> [Bool] {
        [traits.reporting != nil, traits.readsAhead, traits.navigating != nil,
         listeners?.watching != nil, listeners?.cancelling != nil]
    }

    @Test func aDirectoryTreesGivenTraitsAreWhatCastsFind() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("arbor-traits-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let opened = try SourceOpener.open(SourceRequest(path: root))
        let given = try #require(opened.traits, "a directory is opened with its traits")
        let source = opened.hierarchy
        #expect(row(given, given.shown) == row(SourceTraits(casting: source), ShownListeners(casting: source)))
        #expect(row(given, given.shown) == [true, true, false, true, false])
    }

    @Test func anotherHierarchyPutInPlaceDropsTheTraitsGivenForTheFirst() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("arbor-traits-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: root) }
        var opened = try SourceOpener.open(SourceRequest(path: root))
        #expect(opened.traits != nil)
        opened.hierarchy = FileSystemSource(path: root, watches: false)
        #expect(opened.traits == nil, "traits describe the hierarchy they came with")
    }

    @Test func traitsFoundByCastsLeaveTheScreensListenersToBeFoundLater() {
        let source = FileSystemSource(path: "/", watches: false)
        let cast = SourceTraits(casting: source)
        #expect(cast.shown == nil)
        #expect(row(cast, ShownListeners(casting: source)) == row(source.traits, source.traits.shown))
    }
}
