import Foundation
import StyleCompiler
import StylePreview

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

    /// `--renderer NAME@VERSION` (repeatable): what the style must work on; wins over `renderers:`.
    static let renderer = Option<RendererRequirement>(
        name: "renderer", valueName: "name@version",
        help:
            "A renderer the style must work on, such as maplibre-gl-js@5.3.0\n(repeatable; wins over renderers: in the declarations and\n.mc-style.yaml): every use it cannot draw is an error.",
        isRepeatable: true)

    /// `--renderer-profile FILE` (repeatable): an own renderer profile, whose name `--renderer` may use.
    static let rendererProfile = Option<ExistingFile>(
        name: "renderer-profile", valueName: "file",
        help:
            "An own renderer profile file (repeatable), whose name --renderer\nand renderers: may use (see Renderer profiles in docs/commands.md).",
        isRepeatable: true)

    /// `--max-findings N|all`: findings of one rule the text and GitHub outputs show (`FindingLimit`).
    static let maxFindings = Option<FindingLimit>(
        name: "max-findings", valueName: "n|all",
        help:
            "Show at most N findings of each rule in text and GitHub output,\nthen one line with how many more (default \(FindingLimit.defaultPerRule); 'all' shows all).\nJSON and SARIF always list every finding."
    )

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
    static let config = Option<ExistingFile>(
        name: "config", valueName: "file",
        help:
            "Rule settings (off/note/warning/error, layer-id globs to ignore).\nDefault: the first .mc-style.yaml from the current folder up to\nthe repository root."
    )

    /// `--quiet`.
    static let quiet = Flag(name: "quiet", help: "Print only what fails the run: errors (and warnings with --strict).")

    /// Colour on standard error: only on a terminal, never with NO_COLOR (https://no-color.org).
    static func usesColor(_ io: ToolIO) -> Bool { io.errorIsTerminal && io.environment["NO_COLOR"] == nil }

    /// The check these arguments ask for, over `build`: the configuration (`--config`, else found from the
    /// current folder up), the finding limit, the asset files, the renderers and own profiles named, the
    /// baseline (`--baseline`) and the API key. Nothing is read here: `CheckSession` reads it all.
    static func request(
        _ arguments: ParsedArguments, io: ToolIO, build: BuildOptions, apiKey: String? = nil, baseline: String? = nil
    ) throws(UsageError) -> CheckRequest {
        var build = build
        let requirements = try renderer.values(in: arguments)
        build.renderers = requirements.isEmpty ? nil : requirements
        let configuration: CheckRequest.Configuration =
            try config.value(in: arguments).map { .file($0.path) }
            ?? .search(from: io.currentDirectory, displayFolder: io.currentDirectory)
        let assets = StyleAssets.Paths(
            sprite: try sprite.value(in: arguments), fonts: try fonts.value(in: arguments),
            vectorLayers: try vectorLayers.values(in: arguments).map { ($0.name, $0.value) })
        return CheckRequest(
            build: build, configuration: configuration, limit: try maxFindings.value(in: arguments) ?? .standard,
            assets: assets, rendererProfilePaths: try rendererProfile.values(in: arguments).map(\.path),
            baselinePath: baseline, apiKey: apiKey)
    }

    /// The declarations file a command that reads one from disk names: its first argument, `mc-style.yaml` by
    /// default.
    static func declarationsPath(_ arguments: ParsedArguments) -> String {
        arguments.positionals.first ?? "mc-style.yaml"
    }

    /// Checks, in a command's `validate`, that `declarationsPath` exists: one that does not is misuse.
    static func requireDeclarationsFile(_ arguments: ParsedArguments) throws(UsageError) {
        let declarations = declarationsPath(arguments)
        guard FileManager.default.fileExists(atPath: declarations) else {
            throw UsageError("the declarations file '\(declarations)' does not exist")
        }
    }
}
