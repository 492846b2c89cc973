import ArborTUI
import Foundation
import Testing

@Suite("Browser commands")
struct BrowserCommandTests {
    /// The help overlay, `arbor keys` and the manual say a command's summary; its doc comment must say the same.
    @Test func eachCommandsDocCommentSaysItsSummary() throws {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/ArborTUI/Input/BrowserCommand.swift")
        let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var checked: Set<String> = []
        for index in lines.indices.dropFirst() where lines[index].hasPrefix("    case ") && lines[index - 1].hasPrefix("    /// ") {
            let name = String(lines[index].dropFirst(9).prefix { $0.isLetter || $0.isNumber })
            let command = try #require(BrowserCommand.allCases.first { "\($0)" == name }, "\(name) is a command")
            let summary = command.summary
            #expect(String(lines[index - 1].dropFirst(8)) == summary.prefix(1).uppercased() + summary.dropFirst() + ".", "\(name)")
            checked.insert(name)
        }
        #expect(checked.count == BrowserCommand.allCases.count, "every command has its doc comment")
    }
}
