@testable import ArborCommandLine
import Testing

@Suite("The word a mistyped one was meant to be")
struct NearestWordTests {
    @Test func aSwapADropAnAdditionAndAChangeAreOneEditEach() {
        let commands = ["print", "query", "find", "diff", "keys"]
        #expect(NearestWord.to("prnt", among: commands) == "print")
        #expect(NearestWord.to("qeury", among: commands) == "query")
        #expect(NearestWord.to("fiind", among: commands) == "find")
        #expect(NearestWord.to("dif", among: commands) == "diff")
        #expect(NearestWord.to("KEYS", among: commands) == "keys")
        #expect(NearestWord.to("readme", among: commands) == nil, "nothing near")
        #expect(NearestWord.to("ab", among: ["cd"]) == nil, "a short word needs a near match")
    }
}
