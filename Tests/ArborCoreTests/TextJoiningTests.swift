import ArborCore
import Testing

@Suite("Texts joined with a separator")
struct TextJoiningTests {
    @Test(arguments: [[], ["alpha"], ["alpha", "beta"], ["", "b", "", "ünï", "日本"]] as [[String]])
    func joinedTextIsWhatJoinedGives(parts: [String]) {
        for separator in ["", ", ", " › "] {
            #expect(parts.joinedText(separator: separator) == parts.joined(separator: separator))
        }
        #expect(parts.joinedText() == parts.joined())
    }
}
