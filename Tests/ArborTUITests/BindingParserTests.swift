import ArborTUI
import Testing

@Suite("--bind and --preview-window as fzf spells them")
struct BindingParserTests {
    @Test func actionsChainAndCommandsKeepTheirPunctuation() throws {
        let bindings = try BindingParser.parse("ctrl-o:execute(vim {} +{line}),enter:toggle-preview+preview-down,f:reload(touch a, b)+become:less {}")
        #expect(bindings.map(\.key) == [.control("o"), .enter, .character("f")])
        #expect(bindings[0].actions == [.execute("vim {} +{line}")])
        #expect(bindings[1].actions == [.command(.togglePreview), .command(.previewDown)])
        #expect(bindings[2].actions == [.reload("touch a, b"), .become("less {}")])
        #expect(try BindingParser.parse("x:execute-silent[echo (x]y)]+abort")[0].actions == [.executeSilent("echo (x]y)"), .command(.abort)])
        #expect(try BindingParser.parse("x:preview{cat {}}")[0].actions == [.preview("cat {}")])
        #expect(try BindingParser.parse("::accept")[0].key == .character(":"))
        #expect(try BindingParser.parse("y:change-preview-window(down:40%,wrap)")[0].actions == [.changePreviewWindow("down:40%,wrap")])
        #expect(BoundAction.execute("a").spelling == "execute(a)" && BoundAction.command(.edit).spelling == "edit")
    }

    @Test func mistakesAreNamed() {
        for (text, message) in [("nokey", "KEY:ACTION"), ("ctrl-1:abort", "not a key name"), ("x:frobnicate", "unknown action"),
                                ("x:execute(vim", "not closed"), ("x:change-preview-window(sideways)", "sideways")] {
            #expect(throws: BindingError.self, "\(text)") { try BindingParser.parse(text) }
            #expect((try? BindingParser.parse(text)) == nil)
            do { _ = try BindingParser.parse(text) } catch { #expect(error.description.contains(message), "\(error)") }
        }
    }

    @Test func previewWindows() throws {
        let down = try PreviewWindow(parsing: "down:40%,wrap")
        #expect(down.side == .down && down.percent == 40 && down.wrap && !down.hidden)
        #expect(try PreviewWindow(parsing: "right:30%").percent == 30)
        #expect(try PreviewWindow(parsing: "hidden").hidden)
        #expect(try PreviewWindow(parsing: "down").percent == 40)
        #expect(try PreviewWindow(parsing: "60%").percent == 60)
        #expect(PreviewWindow().side(width: 120) == .right && PreviewWindow().side(width: 80) == .down)
        for bad in ["left:5%", "right:95%", "up", "right:abc"] {
            #expect(throws: PreviewWindowError.self, "\(bad)") { try PreviewWindow(parsing: bad) }
        }
    }
}
