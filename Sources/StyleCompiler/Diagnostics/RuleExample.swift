import LocatedJSON
import StyleRuntime

/// A small input that shows a rule at work, as SwiftLint's rules carry theirs: a triggering example must
/// give a finding of the rule at each `↓` in its text and its files, and nowhere else in them (or, with no `↓`,
/// a finding anywhere: a rule about a whole run); a passing example must give none. `RuleExampleTests` runs every example of every rule
/// in `RuleCatalog.all`, and the rule reference shows them.
public struct RuleExample: Sendable {
    /// What the text is, and how it is checked.
    public enum Input: String, Sendable {
        /// A style document, checked as `mc-style validate style.json`.
        case style
        /// A declarations file (`mc-style.yaml`) beside a small TomTom base style (`base.json`, unless `files`
        /// gives one), checked as `mc-style validate mc-style.yaml`.
        case declarations
        /// The same, compiled as `mc-style compile mc-style.yaml --out out`, the outputs written.
        case compile
        /// Declarations read from standard input, as `mc-style validate -` reads them.
        case standardInput
        /// A lint configuration (`.mc-style.yaml`), as `--config` reads it.
        case configuration
        /// A baseline (`baseline.json`), applied to the findings of `style.json` from `files`.
        case baseline
        /// A style document, migrated as `mc-style migrate style.json`.
        case migration
        /// Declarations compiled as `compile` does into `out` (files named `out/...` then replace what it wrote),
        /// and a folder resolved as `mc-style resolve` does with the example's `resolution`.
        case resolve
    }

    /// What a `.resolve` example resolves, and with what the app knows.
    public struct Resolution: Sendable {
        /// What the app knows.
        public let settings: RuntimeSettings
        /// The map design asked for; nil: the first.
        public let variant: String?
        /// The folder resolved, relative to the example's folder.
        public let folder: String
        /// A change made to one compiled file before resolving (path in the folder, text, replacement): a
        /// folder whose files do not belong together.
        public let edit: (file: String, text: String, replacement: String)?
    }

    /// The position mark in `text`: not part of the input.
    public static let marker: Character = "↓"

    /// Declarations with nothing to find: one raster source over the example base, the passing example of
    /// many declarations rules.
    public static let plainDeclarations = """
        version: 1
        base: base.json
        sources:
          - id: hillshade
            urlTemplate: https://tiles.example.com/hillshade/{z}/{x}/{y}.png

        """

    /// `plainDeclarations` with `sourceLines` added to its source (each line indented under it) and `rootLines`
    /// after it at the top level: the examples of rules about one field differ only there.
    public static func declarations(source sourceLines: [String] = [], root rootLines: [String] = []) -> String {
        plainDeclarations + sourceLines.map { "    \($0)\n" }.joined() + rootLines.map { "\($0)\n" }.joined()
    }

    /// Two sources with distinct ids: the passing example of the rules about ids.
    public static let twoSources = """
        version: 1
        base: base.json
        sources:
          - id: hillshade
            urlTemplate: https://tiles.example.com/a/{z}/{x}/{y}.png
          - id: contours
            urlTemplate: https://tiles.example.com/b/{z}/{x}/{y}.png

        """

    /// The base style (`base.json`) of the declarations examples that give none: TomTom's shape in small (a
    /// vector source, a background, water, a road and a label layer, `City`).
    public static let exampleBase = #"""
        {"version": 8, "name": "example base",
         "sources": {"vectorTiles": {"type": "vector", "url": "https://api.tomtom.com/maps/orbis/map-display/tiles.json?key={key}"}},
         "glyphs": "https://api.tomtom.com/maps/orbis/assets/fonts/{fontstack}/{range}.pbf?key={key}",
         "layers": [
          {"id": "background", "type": "background", "paint": {"background-color": "#f0ede5"}},
          {"id": "Ocean", "type": "fill", "source": "vectorTiles", "source-layer": "Ocean", "paint": {"fill-color": "#a0c8f0"}},
          {"id": "Motorway", "type": "line", "source": "vectorTiles", "source-layer": "Transportation", "paint": {"line-color": "#e892a2"}},
          {"id": "City", "type": "symbol", "source": "vectorTiles", "source-layer": "Places", "layout": {"text-field": "{name}", "text-font": ["Noto-Bold"]}}
         ]}
        """#

    /// True when the input gives the rule's finding, false when it gives none.
    public let triggers: Bool
    /// What the text is, and how it is checked.
    public let input: Input
    /// The input, with `marker` where a triggering example's findings are.
    public let text: String
    /// Other files in the example's folder, by name (a base style, an include, a sprite index).
    public let files: [String: String]
    /// For a compile: the outputs' size limit in bytes instead of `Limits.outputSize`, which no example reaches.
    public let maximumOutputSize: Int?
    /// The input's bytes, for an input no text can be (one that is not UTF-8); `text` is then empty.
    public let bytes: [UInt8]?
    /// The environment the example is checked in (`${NAME}` values).
    public let environment: [String: String]
    /// For a `.resolve` example: what is resolved, and with what.
    public let resolution: Resolution?
    /// The renderers a style example is checked for (`--renderer NAME@VERSION`), as the command line names them.
    public let renderers: [String]

    private init(
        triggers: Bool, input: Input, text: String, files: [String: String], maximumOutputSize: Int?,
        bytes: [UInt8]? = nil, environment: [String: String] = [:], resolution: Resolution? = nil,
        renderers: [String] = []
    ) {
        self.triggers = triggers
        self.input = input
        self.text = text
        self.files = files
        self.maximumOutputSize = maximumOutputSize
        self.bytes = bytes
        self.environment = environment
        self.resolution = resolution
        self.renderers = renderers
    }

    /// Declarations `text` compiled, then resolved as `resolution` says: finds the rule (`triggers`) or not.
    static func resolving(
        _ triggers: Bool, _ resolution: Resolution, _ text: String, files: [String: String]
    ) -> RuleExample {
        RuleExample(
            triggers: triggers, input: .resolve, text: text, files: files, maximumOutputSize: nil,
            resolution: resolution)
    }

    /// Declarations `text` compiled, then resolved as `resolution` says, giving the rule's finding.
    static func triggering(resolving resolution: Resolution, _ text: String, files: [String: String]) -> RuleExample {
        resolving(true, resolution, text, files: files)
    }

    /// Declarations `text` compiled, then resolved as `resolution` says, giving no finding of the rule.
    static func passing(resolving resolution: Resolution, _ text: String, files: [String: String]) -> RuleExample {
        resolving(false, resolution, text, files: files)
    }

    /// An input of `bytes` that gives a finding of the rule (at 1:1 of the file, or nowhere).
    public static func triggering(_ input: Input, bytes: [UInt8]) -> RuleExample {
        RuleExample(triggers: true, input: input, text: "", files: [:], maximumOutputSize: nil, bytes: bytes)
    }

    /// An input that gives a finding of the rule at each `↓`.
    public static func triggering(
        _ input: Input, _ text: String, files: [String: String] = [:], maximumOutputSize: Int? = nil,
        environment: [String: String] = [:], renderers: [String] = []
    ) -> RuleExample {
        RuleExample(
            triggers: true, input: input, text: text, files: files, maximumOutputSize: maximumOutputSize,
            environment: environment, renderers: renderers)
    }

    /// An input that gives no finding of the rule.
    public static func passing(
        _ input: Input, _ text: String, files: [String: String] = [:], maximumOutputSize: Int? = nil,
        environment: [String: String] = [:], renderers: [String] = []
    ) -> RuleExample {
        RuleExample(
            triggers: false, input: input, text: text, files: files, maximumOutputSize: maximumOutputSize,
            environment: environment, renderers: renderers)
    }

    /// `text` without its marks.
    public static func unmarked(_ text: String) -> String { text.filter { $0 != marker } }

    /// Where the marks stand in `unmarked(text)`: 1-based lines and columns counted in Unicode scalars, as
    /// diagnostics count them.
    public static func marks(in text: String) -> [SourcePosition] {
        var found: [SourcePosition] = []
        var line = 1
        var column = 1
        for scalar in text.unicodeScalars {
            if Character(scalar) == marker {
                found.append(SourcePosition(line: line, column: column))
            } else if scalar == "\n" {
                line += 1
                column = 1
            } else {
                column += 1
            }
        }
        return found
    }
}
