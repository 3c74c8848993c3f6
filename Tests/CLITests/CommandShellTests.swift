import Testing

@testable import MCStyleCLI

@Suite struct CommandShellTests {
    @Test func helpAndVersionGoToStandardOutputWithStatusZero() {
        for words in [["--help"], ["-h"], [], ["help"]] {
            let run = runTool(words)
            #expect(run.status == 0)
            #expect(run.output.hasPrefix("OVERVIEW: "))
            #expect(run.output.contains("\nUSAGE: mc-style "))
            #expect(run.output.contains("\nOPTIONS:\n"))
            #expect(run.output.contains("\nSUBCOMMANDS:\n  compile "))
            #expect(run.error.isEmpty)
        }
        let version = runTool(["--version"])
        #expect(version.status == 0 && version.output == "mc-style \(MCStyleTool.version)\n")
    }

    @Test func everySubcommandHasHelpBothWays() {
        for command in MCStyleTool.subcommands {
            let name = command.spec.name
            let viaHelp = runTool(["help", name])
            let viaFlag = runTool([name, "--help"])
            #expect(viaHelp.status == 0 && viaFlag.status == 0)
            #expect(viaHelp.output == viaFlag.output)
            #expect(viaHelp.output.hasPrefix("OVERVIEW: "))
            #expect(viaHelp.output.contains("USAGE: mc-style \(name)"))
            #expect(viaHelp.output.contains("  -h, --help"))
        }
    }

    @Test(arguments: [
        (["frobnicate"], "Error: unknown subcommand 'frobnicate'"),
        (["zom"], "Error: unknown subcommand 'zom'; did you mean 'zoom'?"),
        (["zoom", "--unified", "12", "--lat"], "Error: missing value for '--lat <degrees>'"),
        (["zoom", "--unified", "twelve", "--lat", "3"], "Error: 'twelve' is not a number (option '--unified')"),
        (["zoom", "--unifed", "12", "--lat", "3"], "Error: unknown option '--unifed'; did you mean '--unified'?"),
        (
            ["zoom", "--unified", "12", "--lat", "3", "--format", "xml"],
            "Error: 'xml' is not a valid value for '--format'"
        ),
        (["tiles", "--bounds", "1,2,3", "--zoom", "3"], "Error: '1,2,3' is not west,south,east,north"),
        (["tiles", "--bounds", "0,0,1,1", "--zoom", "5-3"], "Error: zoom range 5-3 is inverted"),
        (["format", "--check", "--in-place", "x.json"], "Error: '--check' and '--in-place' cannot be used together"),
        (["help", "nope"], "Error: unknown subcommand 'nope'"),
        (["--frob"], "Error: unknown option '--frob'"),
    ])
    func misuseIsExitTwoWithUsageOnStandardError(words: [String], message: String) {
        let run = runTool(words)
        #expect(run.status == 2)
        #expect(run.output.isEmpty)
        #expect(run.error.hasPrefix(message), "\(run.error)")
        #expect(run.error.contains("\nUsage: mc-style "))
        #expect(run.error.contains("--help' for more information."))
    }

    @Test func tokensSplitOptionsValuesAndPositionals() throws {
        let tokens = try ArgumentToken.tokenize(["--a", "x", "--b=y=z", "-", "-12.5", "--", "--c", "-h"])
        #expect(
            tokens == [
                .option(name: "a", value: nil), .positional("x"), .option(name: "b", value: "y=z"),
                .positional("-"), .positional("-12.5"), .positional("--c"), .positional("-h"),
            ])
        #expect(throws: UsageError("unknown option '-x'")) { try ArgumentToken.tokenize(["-x"]) }
    }

    @Test func negativeNumbersAreValues() {
        let run = runTool(["zoom", "--tomtom", "10", "--lat", "-33.9"])
        #expect(run.status == 0)
        #expect(run.output.contains("latitude: -33.9"))
    }
}
