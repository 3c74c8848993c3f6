import Foundation
import LocatedJSON
import StyleCompiler
import StylePreview

/// What a command's options declaration holds: each option once, with its help entry and usage made from it.
protocol OptionDeclaration: Sendable {
    var spec: CommandSpec.Option { get }
}

/// A command's options: typed values the command reads (`options.out.value(in:)`) and `all`, the same values in
/// help order, which its `CommandSpec` is made from (a test checks that `all` lists every stored option once).
protocol CommandOptions: Sendable {
    var all: [any OptionDeclaration] { get }
}

/// An option that takes a value, declared once in its command's `Options`: its help entry, usage (`spec`) and
/// typed reading come from this one value, so no command looks an option up by a string of its own.
struct Option<Value: ArgumentValue>: OptionDeclaration {
    let name: String
    let valueName: String
    let help: String
    var isRepeatable = false
    /// The values accepted, when fewer than all of `Value.choices` (`--format text|json`).
    var allowed: [String]? = nil
    /// See `CommandSpec.Option`.
    var isRequired = false
    var requires: String? = nil
    var group: String? = nil
    var conflicts: [String] = []
    /// The numbers accepted, for a numeric value.
    var bounds: ValueBounds? = nil

    var spec: CommandSpec.Option {
        let check: @Sendable (String) -> UsageError? = { [self] text in
            do throws(UsageError) {
                _ = try decode(text)
                return nil
            } catch {
                return error
            }
        }
        return CommandSpec.Option(
            name: name, valueName: valueName, help: help, isRepeatable: isRepeatable, isRequired: isRequired,
            choices: allowed ?? Value.choices, requires: requires, group: group, conflicts: conflicts, check: check)
    }

    /// The value given (the last, for a repeatable option), or nil.
    func value(in arguments: ParsedArguments) throws(UsageError) -> Value? {
        guard let text = arguments.values(of: name).last else { return nil }
        return try decode(text)
    }

    /// The value given, or a usage error saying it is missing.
    func required(in arguments: ParsedArguments) throws(UsageError) -> Value {
        guard let value = try value(in: arguments) else { throw UsageError("missing '--\(name) <\(valueName)>'") }
        return value
    }

    /// Every value given, in order.
    func values(in arguments: ParsedArguments) throws(UsageError) -> [Value] {
        var result: [Value] = []
        for text in arguments.values(of: name) { result.append(try decode(text)) }
        return result
    }

    private func decode(_ text: String) throws(UsageError) -> Value {
        let choices = allowed ?? Value.choices
        guard let value = Value(argument: text), choices.isEmpty || choices.contains(text) else {
            if !choices.isEmpty {
                throw UsageError(
                    "'\(text)' is not a valid value for '--\(name)': expected \(choices.joined(separator: ", "))"
                        + Suggestion.didYouMean(text, among: choices))
            }
            if let reason = Value.rejection(of: text) { throw UsageError("--\(name): \(reason)") }
            throw UsageError("'\(text)' is not \(Value.noun) (option '--\(name)')")
        }
        if let bounds, let number = (value as? any NumericArgument)?.numericValue, !bounds.contains(number) {
            throw UsageError("'--\(name)' takes \(bounds), not \(text)")
        }
        return value
    }
}

/// The numbers a numeric option accepts: a range, a lower limit (included or not), or both.
struct ValueBounds: Sendable, CustomStringConvertible {
    let lower: Double?
    let lowerIsExcluded: Bool
    let upper: Double?

    /// From `range.lowerBound` to `range.upperBound`, both included.
    static func within(_ range: ClosedRange<Double>) -> ValueBounds {
        ValueBounds(lower: range.lowerBound, lowerIsExcluded: false, upper: range.upperBound)
    }
    /// More than `limit`.
    static func above(_ limit: Double) -> ValueBounds { ValueBounds(lower: limit, lowerIsExcluded: true, upper: nil) }
    /// `limit` or more.
    static func atLeast(_ limit: Double) -> ValueBounds {
        ValueBounds(lower: limit, lowerIsExcluded: false, upper: nil)
    }

    func contains(_ number: Double) -> Bool {
        if let lower, lowerIsExcluded ? number <= lower : number < lower { return false }
        if let upper, number > upper { return false }
        return true
    }

    /// `1..65535`, `a number above 0`, `0 or more`.
    var description: String {
        func shown(_ number: Double) -> String { JSONNumber(number).description }
        switch (lower, upper) {
        case (let lower?, let upper?): return "\(shown(lower))..\(shown(upper))"
        case (let lower?, nil): return lowerIsExcluded ? "a number above \(shown(lower))" : "\(shown(lower)) or more"
        case (nil, let upper?): return "\(shown(upper)) or less"
        case (nil, nil): return "any number"
        }
    }
}

/// An option value that is a number, for `ValueBounds`.
protocol NumericArgument {
    var numericValue: Double { get }
}
extension Int: NumericArgument { var numericValue: Double { Double(self) } }
extension Double: NumericArgument { var numericValue: Double { self } }

extension Option {
    /// The option, required (shown without brackets in the usage line; `required(in:)` reads it).
    func required() -> Option {
        var copy = self
        copy.isRequired = true
        return copy
    }
    /// The option, going only with `other` (shown inside its brackets).
    func requiring(_ other: String) -> Option {
        var copy = self
        copy.requires = other
        return copy
    }
    /// The option, one of the alternatives of `group`.
    func grouped(_ group: String) -> Option {
        var copy = self
        copy.group = group
        return copy
    }
    /// The option, never given with `others`.
    func conflicting(_ others: String...) -> Option {
        var copy = self
        copy.conflicts = others
        return copy
    }
    /// The option, taking only numbers within `bounds`.
    func bounded(_ bounds: ValueBounds) -> Option {
        var copy = self
        copy.bounds = bounds
        return copy
    }
}

/// An option that takes no value.
struct Flag: OptionDeclaration {
    let name: String
    let help: String
    /// See `CommandSpec.Option`.
    var requires: String? = nil
    var group: String? = nil
    var conflicts: [String] = []

    var spec: CommandSpec.Option {
        CommandSpec.Option(
            name: name, valueName: nil, help: help, requires: requires, group: group, conflicts: conflicts)
    }

    func isSet(in arguments: ParsedArguments) -> Bool { arguments.isSet(name) }

    /// The flag, going only with `other` (shown inside its brackets).
    func requiring(_ other: String) -> Flag {
        var copy = self
        copy.requires = other
        return copy
    }
    /// The flag, one of the alternatives of `group`.
    func grouped(_ group: String) -> Flag {
        var copy = self
        copy.group = group
        return copy
    }
}

/// Options several commands share, declared once (argument-parser's `@OptionGroup`).
enum SharedOptions {
    /// `--target tomtom|maplibre`.
    static func target(help: String) -> Option<Target> { Option(name: "target", valueName: "target", help: help) }

    /// `--format` restricted to the formats a command prints.
    static func format(_ formats: [OutputFormat], help: String? = nil) -> Option<OutputFormat> {
        let words = formats.map(\.rawValue)
        return Option(
            name: "format", valueName: "format",
            help: help ?? "\(words.joined(separator: " or ")) (default \(words[0])).", allowed: words)
    }

    /// `--api-key-env NAME`: TomTom's key from an environment variable, never from the command line.
    static func apiKeyEnvironment(help: String) -> Option<String> {
        Option(name: "api-key-env", valueName: "name", help: help)
    }

    /// `--local-tiles NAME=FOLDER`, repeatable: the tiles `preview` and `snapshot` serve for a LocalTileServer route.
    static let localTiles = Option<NamedValue>(
        name: "local-tiles", valueName: "name=folder",
        help: "Serve FOLDER/{z}/{x}/{y}.png for the LocalTileServer route NAME\ninstead of debug tiles (repeatable).",
        isRepeatable: true)

    /// `--maplibre-js URL|FOLDER`: where `preview` and `snapshot` load GL JS from.
    static let mapLibre = Option<String>(
        name: "maplibre-js", valueName: "url|folder",
        help:
            "Where maplibre-gl.js and maplibre-gl.css are (default: GL JS \(PreviewOptions.mapLibreVersion)\nfrom a CDN, checked by its integrity hash)."
    )

    /// The key an `--api-key-env` option names; a missing or empty variable is misuse.
    static func apiKey(_ option: Option<String>, _ arguments: ParsedArguments, io: ToolIO) throws(UsageError) -> String?
    {
        guard let name = try option.value(in: arguments) else { return nil }
        guard let value = io.environment[name] else {
            throw UsageError("the environment variable \(name) named by '--api-key-env' is not set")
        }
        guard !value.isEmpty else {
            throw UsageError("the environment variable \(name) named by '--api-key-env' is empty")
        }
        return value
    }

    /// `--vector-layers SOURCE=TILEJSON`, repeatable: what a vector source's tiles hold.
    static let vectorLayers = Option<NamedValue>(
        name: "vector-layers", valueName: "source=tilejson",
        help:
            "A local TileJSON of a vector source's tiles: its source-layers and\nfields are checked against it (repeatable).",
        isRepeatable: true)

    /// `--sprite PATH`: a sprite index file, or a folder with `<name>.json` and `<name>@2x.json`.
    static let sprite = Option<String>(
        name: "sprite", valueName: "path",
        help:
            "The style's sprite index (a file, or a folder with <name>.json and\n<name>@2x.json): image names are checked against it."
    )

    /// `--fonts PATH`: a JSON array of font names, or a glyphs folder `<font>/<range>.pbf`.
    static let fonts = Option<String>(
        name: "fonts", valueName: "path",
        help:
            "The glyph server's fonts (a JSON array of names, or a folder\n<font>/<range>.pbf): text-font stacks are checked against it."
    )

    /// The assets the options name (`--vector-layers`, `--sprite`, `--fonts`) and the findings of reading them.
    static func assets(_ arguments: ParsedArguments) throws(UsageError)
        -> (assets: StyleAssets, diagnostics: [Diagnostic])
    {
        let paths = StyleAssets.Paths(
            sprite: try sprite.value(in: arguments), fonts: try fonts.value(in: arguments),
            vectorLayers: try vectorLayers.values(in: arguments).map { ($0.name, $0.value) })
        let (assets, findings) = StyleAssets.load(paths)
        return (assets, findings.flatMap(\.diagnostics))
    }

    /// `--renderer NAME@VERSION` (repeatable): what the style must work on; wins over `renderers:`.
    static let renderer = Option<RendererRequirement>(
        name: "renderer", valueName: "name@version",
        help:
            "A renderer the style must work on, such as maplibre-gl-js@5.3.0\n(repeatable; wins over renderers: in the declarations and\n.mc-style.yaml): every use it cannot draw is an error.",
        isRepeatable: true)

    /// `--renderer-profile FILE` (repeatable): an own renderer profile, whose name `--renderer` may use.
    static let rendererProfile = Option<String>(
        name: "renderer-profile", valueName: "file",
        help:
            "An own renderer profile file (repeatable), whose name --renderer\nand renderers: may use (see Renderer profiles in docs/commands.md).",
        isRepeatable: true)

    /// The renderers the command line names (nil when none) and its own profiles, with the findings of reading
    /// them. A profile file that does not exist is misuse.
    static func renderers(_ arguments: ParsedArguments) throws(UsageError) -> (
        requirements: [RendererRequirement]?, profiles: [RendererProfile], diagnostics: [Diagnostic]
    ) {
        let requirements = try renderer.values(in: arguments)
        var profiles: [RendererProfile] = []
        var diagnostics: [Diagnostic] = []
        for path in try rendererProfile.values(in: arguments) {
            guard FileManager.default.fileExists(atPath: path) else {
                throw UsageError("the renderer profile '\(path)' given with '--renderer-profile' does not exist")
            }
            let (profile, found) = RendererProfileLoader().load(path: path)
            diagnostics += found
            if let profile { profiles.append(profile) }
        }
        return (requirements.isEmpty ? nil : requirements, profiles, diagnostics)
    }

    /// `--max-findings N|all`: findings of one rule the text and GitHub outputs show (`FindingLimit`).
    static let maxFindings = Option<String>(
        name: "max-findings", valueName: "n|all",
        help:
            "Show at most N findings of each rule in text and GitHub output,\nthen one line with how many more (default \(FindingLimit.defaultPerRule); 'all' shows all).\nJSON and SARIF always list every finding."
    )

    /// The limit `--max-findings` gives.
    static func findingLimit(_ arguments: ParsedArguments) throws(UsageError) -> FindingLimit {
        guard let text = try maxFindings.value(in: arguments) else { return .standard }
        if text == "all" { return .none }
        guard text.utf8.allSatisfy({ (48...57).contains($0) }), let count = Int(text), count > 0 else {
            throw UsageError(
                "'\(text)' is not a valid value for '--max-findings': expected a whole number above 0, or all")
        }
        return FindingLimit(perRule: count)
    }

    /// `--cache-dir FOLDER`: deprecated, accepted and ignored for one release (the validation cache was removed:
    /// its saving was within the noise of every benchmark; see CHANGELOG.md).
    static let cacheDirectory = Option<String>(
        name: "cache-dir", valueName: "folder",
        help: "Deprecated: does nothing (the validation cache is gone);\naccepted until the next release.")

    /// The warning for a command given `--cache-dir`.
    static func cacheDirectoryNote(_ arguments: ParsedArguments, io: ToolIO) throws(UsageError) {
        guard try cacheDirectory.value(in: arguments) != nil else { return }
        io.writeError(
            "mc-style: warning: --cache-dir is deprecated and does nothing; remove it (it is refused from the next release)\n"
        )
    }
    /// `--config FILE`: the rule settings; without it `.mc-style.yaml` is looked for from the current folder up.
    static let config = Option<String>(
        name: "config", valueName: "file",
        help:
            "Rule settings (off/note/warning/error, layer-id globs to ignore).\nDefault: the first .mc-style.yaml from the current folder up to\nthe repository root."
    )

    /// The run's collector: the team's configuration (`configuration(_:io:)`) and `limit`; with the findings of
    /// the configuration file itself, collected.
    static func collector(
        _ arguments: ParsedArguments, io: ToolIO, limit: FindingLimit = .standard
    ) throws(UsageError) -> (DiagnosticCollector, [Diagnostic]) {
        let (configuration, diagnostics) = try self.configuration(arguments, io: io)
        let collector = DiagnosticCollector(configuration: configuration, limit: limit)
        return (collector, collector.collected(diagnostics))
    }

    /// The configuration that applies (`--config FILE`, else `.mc-style.yaml` found upward) and its mistakes;
    /// an empty configuration when there is none. A `--config` file that does not exist is misuse.
    static func configuration(_ arguments: ParsedArguments, io: ToolIO) throws(UsageError) -> (
        LintConfiguration, [Diagnostic]
    ) {
        let path: String
        var displayName: String?
        if let given = try config.value(in: arguments) {
            guard FileManager.default.fileExists(atPath: given) else {
                throw UsageError("the configuration file '\(given)' given with '--config' does not exist")
            }
            path = given
        } else if let found = LintConfigurationLoader.find(from: io.currentDirectory) {
            // Named relative to where the tool runs, as every other input: findings in it carry no machine path.
            path = found
            displayName = FilePaths.relativePath(from: io.currentDirectory, to: found)
        } else {
            return (LintConfiguration(), [])
        }
        let (configuration, diagnostics) = LintConfigurationLoader().load(path: path, displayName: displayName)
        return (configuration ?? LintConfiguration(), diagnostics)
    }

    /// `--quiet`.
    static let quiet = Flag(name: "quiet", help: "Print only what fails the run: errors (and warnings with --strict).")

    /// Colour on standard error: only on a terminal, never with NO_COLOR (https://no-color.org).
    static func usesColor(_ io: ToolIO) -> Bool { io.errorIsTerminal && io.environment["NO_COLOR"] == nil }
}
