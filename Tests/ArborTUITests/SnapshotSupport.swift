import ArborCore
import ArborSources
import ArborTUI
import Foundation
import Testing

/// Compares rendered grids with text files in `Snapshots/`; `ARBOR_RECORD_SNAPSHOTS=1` writes them anew.
enum Snapshot {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Snapshots")

    static func expect(_ grid: CellGrid, matches name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let actual = grid.lines.map { $0.replacingOccurrences(of: " +$", with: "", options: .regularExpression) }
            .joined(separator: "\n") + "\n"
        let file = directory.appendingPathComponent(name + ".txt")
        let record = ProcessInfo.processInfo.environment["ARBOR_RECORD_SNAPSHOTS"] == "1"
        guard !record, let expected = try? String(contentsOf: file, encoding: .utf8) else {
            try? actual.write(to: file, atomically: true, encoding: .utf8)
            Issue.record("snapshot \(name) recorded; check it and run the tests again", sourceLocation: sourceLocation)
            return
        }
        #expect(actual == expected, "snapshot \(name) differs", sourceLocation: sourceLocation)
    }
}

/// A controller on a source whose loads complete at once, in the order they were asked for.
struct ScreenDriver {
    var controller: BrowserController
    let performer: EffectPerformer
    /// The preview commands the controller asked to run, oldest first.
    var commandPreviews: [PreviewRequest] = []
    /// What the inputs asked for beyond the source and previews (timers, clipboard), gathered until taken.
    private var asked = InputEffects()
    /// The source's previews asked for and not made yet.
    private var previewsToMake: [PreviewRequest] = []

    init(_ source: any HierarchySource, name: String, width: Int, height: Int, cellMode: CellMode = .auto,
         query: String? = nil, screen: BrowserScreen? = nil) async {
        controller = BrowserController(screen: screen ?? BrowserScreen(sourceName: name, cellMode: cellMode.resolved(for: source)))
        performer = EffectPerformer(source: source)
        await settle(controller.start(width: width, height: height, query: query))
    }

    /// Gives the controller one input through the run loop's entry point and answers what it asks, first asked
    /// first; returns the effects of the input itself.
    @discardableResult
    mutating func send(_ input: BrowserInput) async -> InputEffects {
        let effects = controller.update(input)
        await settle(effects)
        return effects
    }

    /// The timers asked for since the last call.
    mutating func takeTimers() -> Set<LoopTimer> {
        defer { asked.timers = [] }
        return asked.timers
    }

    /// The bytes last put on the clipboard since the last call.
    mutating func takeClipboard() -> [UInt8]? {
        defer { asked.clipboard = nil }
        return asked.clipboard
    }

    /// Makes the source's previews the controller asked for and hands them back; keeps the command ones.
    mutating func servePreviews() async {
        while !previewsToMake.isEmpty {
            let request = previewsToMake.removeFirst()
            guard request.mode == .builtIn else {
                commandPreviews.append(request)
                continue
            }
            let content: PreviewContent
            do {
                content = PreviewContent(try await performer.source.itemPreview(of: request.id, lines: request.lines))
            } catch {
                content = PreviewContent(lines: [StyledLine([StyledRun("⚠ \(error)", CellStyle(.error))])])
            }
            note(controller.update(.preview(PreviewAnswer(generation: request.generation, purpose: request.purpose, content: content))))
        }
    }

    /// Answers the source requests of `effects` and of the answers' own effects, then makes the previews asked.
    mutating func settle(_ effects: InputEffects) async {
        note(effects)
        var queue = effects.sourceRequests
        while !queue.isEmpty {
            let action = await performer.perform(queue.removeFirst())
            let more = controller.update(.action(action))
            note(more)
            queue += more.sourceRequests
        }
        await servePreviews()
    }

    private mutating func note(_ effects: InputEffects) {
        previewsToMake += effects.previews
        asked.timers.formUnion(effects.timers)
        if let copied = effects.clipboard { asked.clipboard = copied }
    }

    mutating func press(_ keys: Key...) async {
        for key in keys { await send(.key(key)) }
    }

    mutating func resize(width: Int, height: Int) async {
        await send(.resized(width: width, height: height))
    }

    var lines: [String] { controller.render().lines }
}

/// The path of a file in `sample-data/`.
func samplePath(_ name: String) -> String {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("sample-data").appendingPathComponent(name).path
}

/// The plant sample.
func plantSample() throws -> StaticHierarchy {
    try JSONTreeReader.open(path: samplePath("plant-maintenance.json"))
}

extension BrowserController {
    /// Gives an answer to the controller through the run loop's entry point; returns the effects it asks for.
    mutating func effects(of action: BrowserAction) -> [BrowserEffect] {
        update(.action(action)).sourceRequests
    }
}
