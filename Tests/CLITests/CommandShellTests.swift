import Foundation
import StyleCompiler
import TestSupport
import Testing

@testable import MCStyleCLI
@testable import StyleSpec

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
        #expect(version.status == 0 && version.output.hasPrefix("mc-style \(MCStyleTool.version)\ncommit: "))
        #expect(version.output.hasSuffix("\nstyle specification: \(StyleSpecVersion.name)\n"))
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
        (["frobnicate"], "mc-style: error: unknown subcommand 'frobnicate'"),
        (["zom"], "mc-style: error: unknown subcommand 'zom'; did you mean 'zoom'?"),
        (["zoom", "--unified", "12", "--lat"], "mc-style: error: missing value for '--lat <degrees>'"),
        (
            ["zoom", "--unified", "twelve", "--lat", "3"],
            "mc-style: error: 'twelve' is not a number (option '--unified')"
        ),
        (
            ["zoom", "--unifed", "12", "--lat", "3"],
            "mc-style: error: unknown option '--unifed'; did you mean '--unified'?"
        ),
        (
            ["zoom", "--unified", "12", "--lat", "3", "--format", "xml"],
            "mc-style: error: 'xml' is not a valid value for '--format'"
        ),
        (
            ["tiles", "--bounds", "1,2,3", "--zoom", "3"],
            "mc-style: error: --bounds: '1,2,3' is not west,south,east,north"
        ),
        (["tiles", "--bounds", "0,0,1,1", "--zoom", "5-3"], "mc-style: error: --zoom: zoom range 5-3 is inverted"),
        (
            ["format", "--check", "--in-place", "x.json"],
            "mc-style: error: '--check' and '--in-place' cannot be used together"
        ),
        (["help", "nope"], "mc-style: error: unknown subcommand 'nope'"),
        (["--frob"], "mc-style: error: unknown option '--frob'"),
        // What the options declare, enforced by the parser for every command, in one form.
        (["compile", "d.yaml", "--out", "o", "--diff"], "mc-style: error: '--diff' goes with '--check'"),
        (["migrate", "s.json", "--diff"], "mc-style: error: '--diff' goes with '--check'"),
        (["expression", "1", "--global-state", "{}"], "mc-style: error: '--global-state' goes with '--inputs'"),
        (
            ["expression", "1", "--property", "fill-color", "--spec", "{}"],
            "mc-style: error: '--property' and '--spec' cannot"
        ),
        (
            ["fetch-base", "--out", "s.json", "--check", "--url", "https://x"],
            "mc-style: error: '--url' and '--check' cannot be used together"
        ),
        (
            ["fetch-base", "--out", "s.json", "--url", "https://x", "--module", "hillshade"],
            "mc-style: error: '--module' and '--url'"
        ),
        (
            ["fetch-base", "--out", "s.json", "--timeout", "0"],
            "mc-style: error: '--timeout' takes a number above 0, not 0"
        ),
        (
            ["fetch-base", "--out", "s.json", "--design", "basic_street-lite"],
            "mc-style: error: 'basic_street-lite' is not a valid"
        ),
        (["fetch-base", "s.json"], "mc-style: error: unexpected argument 's.json'"),
        (["snapshot", "d.yaml"], "mc-style: error: missing '--out <folder>'"),
        (["snapshot", "d.yaml", "--out", "o", "--record"], "mc-style: error: '--record' goes with '--tiles'"),
        (
            ["snapshot", "d.yaml", "--out", "o", "--check", "fixtures", "--threshold", "-1"],
            "mc-style: error: '--threshold' takes 0 or more, not -1"
        ),
        (["preview", "--port", "70000"], "mc-style: error: '--port' takes 1..65535, not 70000"),
        (
            ["resolve", "folder", "--display-scale", "4"],
            "mc-style: error: '4' is not a valid value for '--display-scale'"
        ),
        (["resolve"], "mc-style: error: missing <compiled-folder>"),
        (["diff", "a.json"], "mc-style: error: missing <new>"),
        (["layers", "a.json", "b.json"], "mc-style: error: unexpected argument 'b.json'"),
        (["validate"], "mc-style: error: missing <file>..."),
        (
            ["validate", "a.json", "--baseline", "b", "--write-baseline", "c"],
            "mc-style: error: '--baseline' and '--write-baseline'"
        ),
        (["schema", "--manifest", "--config"], "mc-style: error: '--manifest' and '--config' cannot be used together"),
        (["zoom", "--lat", "3"], "mc-style: error: give one of '--unified <zoom>' or '--tomtom <zoom>'"),
        (
            ["zoom", "--unified", "3", "--tomtom", "4", "--lat", "3"],
            "mc-style: error: '--unified' and '--tomtom' cannot"
        ),
        (["zoom", "--unified", "3", "--lat", "91"], "mc-style: error: '--lat' takes -90..90, not 91"),
        (["tiles", "--zoom", "3"], "mc-style: error: missing '--bounds <west,south,east,north>'"),
        (["validate", "a.json", "--max-findings", "0"], "mc-style: error: '0' is not a whole number above 0, or all"),
        (
            ["validate", "a.json", "--max-findings", "+3"],
            "mc-style: error: '+3' is not a whole number above 0, or all"
        ),
        (
            ["validate", "a.json", "--config", "no/such.yaml"],
            "mc-style: error: --config: the file 'no/such.yaml' does not"
        ),
        (
            ["tiles", "--bounds", "0,0,1,1", "--zoom", "3-30"],
            "mc-style: error: --zoom: zoom range 3-30 is outside 0..22"
        ),
        (
            ["tiles", "--bounds", "0,0,1,0x1", "--zoom", "3"],
            "mc-style: error: --bounds: '0,0,1,0x1' is not west,south"
        ),
        (
            ["resolve", "f", "--opacity", "a=1.5"],
            "mc-style: error: --opacity: 'a=1.5': the opacity 1.5 is outside 0 to 1"
        ),
        (["expression", "1", "--spec", "[1]"], "mc-style: error: --spec: must be a JSON object"),
        (["expression", "1", "--inputs", "{"], "mc-style: error: --inputs: not valid JSON"),
        (
            ["cost", "fixtures/demo/mc-style.yaml", "--tiles", "no/such"],
            "mc-style: error: --tiles: the folder 'no/such' does not exist"
        ),
        (
            ["snapshot", "fixtures/demo/mc-style.yaml", "--out", "o", "--check", "README.md"],
            "mc-style: error: --check: 'README.md' is a file"
        ),
        (["cost", "no/such.yaml"], "mc-style: error: the declarations file 'no/such.yaml' does not exist"),
        (["compile", "--out", "o"], "mc-style: error: give a declarations file or '--base <style>'"),
        (["compile", "-", "--out", "o"], "mc-style: error: compile reads its declarations from a file"),
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

    /// Each command's `Options.all` lists every option it stores, once, in declaration order: the spec (help,
    /// usage, the parser's constraints) is made from `all`, so an option missing from it would be unknown to the
    /// parser. (Reflection is used here, in a test, not at every start of the tool.)
    @Test func everyCommandsOptionListHoldsEveryOption() {
        for command in MCStyleTool.subcommands {
            let listed = command.spec.options.map(\.name)
            let stored = Mirror(reflecting: command.options).children.compactMap {
                ($0.value as? any OptionDeclaration)?.spec.name
            }
            #expect(listed == stored, "\(command.spec.name)")
        }
    }

    /// No command re-checks by hand what an option declaration says: the parser's messages appear in no
    /// command file.
    @Test func noCommandChecksAnOptionConstraintByHand() throws {
        let folder = SharedData.repositoryFile("Sources/MCStyleCLI/Commands")
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where name.hasSuffix(".swift") {
            let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            for phrase in ["cannot be used together", "goes with", "unexpected argument", "UsageError(\"missing"] {
                #expect(!text.contains(phrase), "\(name) checks '\(phrase)' by hand")
            }
        }
    }

    /// A default is written once, in its option's declaration: the help entry shows it and the command reads it.
    @Test func aDeclaredDefaultIsShownInHelpAndUsedWhenTheOptionIsAbsent() {
        let help = runTool(["tiles", "--help"]).output
        #expect(help.contains("Tile size in pixels: 256 or 512 (default 256)."), "\(help)")
        #expect(runTool(["snapshot", "--help"]).output.contains("(default 60)."))
        #expect(
            runTool(["fetch-base", "--help"]).output.contains("TomTom's API origin (default https://api.tomtom.com)."))
        #expect(
            runTool(["resolve", "--help"]).output.contains("ios or android; the build must serve it (default ios)."))
        let bounds = ["--bounds", "139.6,35.6,139.8,35.8", "--zoom", "10", "--format", "json"]
        let absent = runTool(["tiles"] + bounds)
        let given = runTool(["tiles"] + bounds + ["--tile-size", "256"])
        let other = runTool(["tiles"] + bounds + ["--tile-size", "512"])
        #expect(absent.status == 0 && absent.output == given.output && absent.output != other.output)
        let tilt = runTool(["zoom", "--unified", "12", "--lat", "35", "--format", "json"])
        #expect(
            tilt.status == 0
                && tilt.output
                    == runTool(["zoom", "--unified", "12", "--lat", "35", "--tilt", "0", "--format", "json"]).output
        )
        // No command writes a declared default again where it reads the option.
        let folder = SharedData.repositoryFile("Sources/MCStyleCLI/Commands")
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        where name.hasSuffix(".swift") {
            let text = (try? String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)) ?? ""
            for phrase in [
                "value(in: arguments) ?? 60", "value(in: arguments) ?? 256", "value(in: arguments) ?? 3",
                "value(in: arguments) ?? 0", "value(in: arguments) ?? .ios", "value(in: arguments) ?? Browser",
            ] {
                #expect(!text.contains(phrase), "\(name) writes a default again: \(phrase)")
            }
        }
    }
}
