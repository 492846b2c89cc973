import ArborCommandLine
import Testing

@Suite("Command-line parser")
struct CommandLineParserTests {
    let spec = CommandLineSpec(
        name: "demo", abstract: "A command to parse against.", discussion: "First paragraph.\nSecond paragraph.",
        arguments: [ArgumentSpec("relation", help: "What to ask."), ArgumentSpec("source", help: "Where from.", optional: true)],
        options: [
            .value("format", help: "The format."),
            .flag("pick", help: "Pick."),
            OptionSpec("color", .invertibleFlag(defaultOn: true), help: "Colour."),
            .value("depth", help: "Levels."),
            .value("timeout", help: "Seconds."),
        ])

    @Test func optionsTakeTheirValueInEitherForm() throws {
        let parsed = try CommandLineParser.parse(["ancestors", "--format", "csv", "--depth=3", "file.csv"], as: spec)
        #expect(parsed.arguments == ["ancestors", "file.csv"])
        #expect(parsed.value("format") == "csv")
        #expect(try parsed.integer("depth") == 3)
        #expect(try parsed.number("timeout") == nil)
    }

    @Test func theLastOccurrenceWinsAndEveryValueIsKept() throws {
        let parsed = try CommandLineParser.parse(
            ["--format", "json", "--no-color", "x", "--format", "yaml", "--color", "--no-color", "--color"], as: spec)
        #expect(parsed.value("format") == "yaml")
        #expect(parsed.values["format"] == ["json", "yaml"])
        #expect(parsed.flag("color", default: false))
        #expect(!parsed.flag("pick"))
        let off = try CommandLineParser.parse(["x", "--no-color"], as: spec)
        #expect(!off.flag("color", default: true))
    }

    @Test func aDashIsAnArgumentAndADoubleDashEndsTheOptions() throws {
        let parsed = try CommandLineParser.parse(["--", "--pick", "-"], as: spec)
        #expect(parsed.arguments == ["--pick", "-"])
        #expect(!parsed.flag("pick"))
        let stdin = try CommandLineParser.parse(["x", "-", "--pick"], as: spec)
        #expect(stdin.arguments == ["x", "-"])
        #expect(stdin.flag("pick"))
    }

    @Test func aValueMayStartWithADashButNotBeAnOption() throws {
        #expect(try CommandLineParser.parse(["x", "--format", "-x"], as: spec).value("format") == "-x")
        #expect(throws: CommandLineError("Missing value for '--format <format>'")) {
            try CommandLineParser.parse(["x", "--format", "--pick"], as: spec)
        }
        #expect(throws: CommandLineError("Missing value for '--format <format>'")) {
            try CommandLineParser.parse(["x", "--format"], as: spec)
        }
    }

    @Test func mistakesAreNamed() {
        #expect(throws: CommandLineError("Unknown option '--frobnicate'")) {
            try CommandLineParser.parse(["x", "--frobnicate"], as: spec)
        }
        #expect(throws: CommandLineError("Unknown option '--frob'")) { try CommandLineParser.parse(["--frob=1"], as: spec) }
        #expect(throws: CommandLineError("Unknown option '-p'")) { try CommandLineParser.parse(["x", "-p"], as: spec) }
        #expect(throws: CommandLineError("Unknown option '--no-pick'")) { try CommandLineParser.parse(["x", "--no-pick"], as: spec) }
        #expect(throws: CommandLineError("--pick takes no value")) { try CommandLineParser.parse(["x", "--pick=yes"], as: spec) }
        #expect(throws: CommandLineError("Unexpected argument 'extra'")) {
            try CommandLineParser.parse(["x", "y", "extra"], as: spec)
        }
        #expect(throws: CommandLineError("Missing expected argument '<relation>'")) { try CommandLineParser.parse([], as: spec) }
        #expect(throws: CommandLineError("--depth takes a whole number, not 'two'")) {
            try CommandLineParser.parse(["x", "--depth", "two"], as: spec).integer("depth")
        }
        #expect(throws: CommandLineError("--timeout takes a number, not 'inf'")) {
            try CommandLineParser.parse(["x", "--timeout", "inf"], as: spec).number("timeout")
        }
    }

    @Test func helpIsAskedForAnywhereAndNeedsNoArgument() throws {
        #expect(try CommandLineParser.parse(["--help"], as: spec).wantsHelp)
        #expect(try CommandLineParser.parse(["x", "-h"], as: spec).wantsHelp)
        #expect(try !CommandLineParser.parse(["x"], as: spec).wantsHelp)
    }

    @Test func theHelpListsEverythingWithinEightyColumns() {
        let long = CommandLineSpec(
            name: "demo", abstract: "Short.",
            options: spec.options + [.value("a-rather-long-option-name", help: String(repeating: "word ", count: 30))])
        let text = CommandHelp.text(long)
        #expect(text.split(separator: "\n").allSatisfy { $0.count <= 80 })
        #expect(text.contains("  --color/--no-color      Colour. (default: --color)\n"))
        #expect(text.contains("  --a-rather-long-option-name <a-rather-long-option-name>\n                          word word"))
        #expect(text.contains("  -h, --help              Show help information.\n"))
        #expect(CommandHelp.text(spec).contains("OVERVIEW: A command to parse against.\n\nFirst paragraph.\n\nSecond paragraph.\n"))
        #expect(CommandHelp.usage(spec) == "arbor demo [<options>] <relation> [<source>]")
    }
}
