import YAMLReader

/// Every rule mc-style reports, with a one-line summary and its usual severity (SARIF lists them all).
/// Ids are stable; wording may change.
public enum RuleCatalog {
    public struct Rule: Sendable {
        public let id: String
        public let summary: String
        public let defaultSeverity: Diagnostic.Severity
    }

    public static let all: [Rule] = [
        Rule(id: "io.read", summary: "An input file cannot be read.", defaultSeverity: .error),
        Rule(id: "io.write", summary: "An output file or folder cannot be written.", defaultSeverity: .error),
        Rule(id: "json.syntax", summary: "The JSON is not valid RFC 8259.", defaultSeverity: .error),
        Rule(id: "json.duplicate-key", summary: "An object has the same key twice; the later value wins.", defaultSeverity: .warning),
        Rule(id: "limits.sources", summary: "More raster sources than the limit.", defaultSeverity: .error),
        Rule(id: "limits.layers", summary: "More style layers than the limit.", defaultSeverity: .error),
    ] + YAMLError.Kind.allCases.filter { $0 != .include }.map { kind in
        Rule(id: "yaml.\(kind.rawValue)", summary: yamlSummaries[kind] ?? "The YAML cannot be read.", defaultSeverity: .error)
    } + [
        Rule(id: "include.missing", summary: "An !include names a file that does not exist or is not a regular file.", defaultSeverity: .error),
        Rule(id: "include.escape", summary: "An !include leaves the folder of the top-level declarations file.", defaultSeverity: .error),
        Rule(id: "include.cycle", summary: "Includes form a cycle.", defaultSeverity: .error),
        Rule(id: "include.limit", summary: "Includes nest too deeply or are too many.", defaultSeverity: .error),
        Rule(id: "include.unavailable", summary: "An !include in declarations read from standard input.", defaultSeverity: .error),
        Rule(id: "env.missing", summary: "A ${NAME} reference names an environment variable that is not set.", defaultSeverity: .error),
        Rule(id: "decl.type", summary: "A declarations value has the wrong type.", defaultSeverity: .error),
        Rule(id: "decl.unknown-key", summary: "A declarations key is not known (with a suggestion).", defaultSeverity: .error),
        Rule(id: "decl.missing-key", summary: "A required declarations key is missing.", defaultSeverity: .error),
        Rule(id: "decl.value", summary: "A declarations value is not one of the allowed values.", defaultSeverity: .error),
        Rule(id: "decl.range", summary: "A declarations number is out of range.", defaultSeverity: .error),
        Rule(id: "decl.source-kind", summary: "A source needs exactly one of urlTemplate, tileJson, arcGisService, localTileServer.", defaultSeverity: .error),
        Rule(id: "decl.exactly-one", summary: "Exactly one of a group of keys must be given.", defaultSeverity: .error),
        Rule(id: "decl.id", summary: "A source id is empty or longer than 128 characters.", defaultSeverity: .error),
        Rule(id: "decl.duplicate-id", summary: "Two sources have the same id.", defaultSeverity: .error),
        Rule(id: "decl.id-collision", summary: "Two source ids become the same style id.", defaultSeverity: .error),
        Rule(id: "decl.not-applicable", summary: "A value does not apply to this source or target and is ignored.", defaultSeverity: .warning),
        Rule(id: "sources.tile-size", summary: "A raster tile size that is not a positive whole number (error) or not a power of two (warning).", defaultSeverity: .error),
        Rule(id: "sources.zoom-range", summary: "A zoom range is inverted or past level 22.", defaultSeverity: .error),
        Rule(id: "sources.bounds", summary: "Bounds are invalid, empty or past the Mercator limit.", defaultSeverity: .error),
        Rule(id: "sources.url-tokens", summary: "A tile URL lacks {z}, {x}, {y} (or {quadkey}, {bbox-epsg-3857}).", defaultSeverity: .error),
        Rule(id: "sources.unknown-token", summary: "A tile URL has a token MapLibre does not fill, such as {s}.", defaultSeverity: .error),
        Rule(id: "sources.cleartext", summary: "Clear-text http:// to a host other than loopback.", defaultSeverity: .error),
        Rule(id: "sources.tilejson-url", summary: "A TileJSON or ArcGIS URL is not absolute.", defaultSeverity: .error),
        Rule(id: "sources.key-host", summary: "TomTom's {key} placeholder in a URL whose host is not TomTom's.", defaultSeverity: .error),
        Rule(id: "sources.local-segment", summary: "A LocalTileServer route or cache key that is not one path segment.", defaultSeverity: .error),
        Rule(id: "platform.unsupported", summary: "A declared feature one of the build's platforms cannot serve.", defaultSeverity: .error),
        Rule(id: "compose.placement-anchor", summary: "A placement names a layer the base style does not have.", defaultSeverity: .error),
        Rule(id: "compose.id-taken", summary: "The base style already uses a source or layer id mc-style makes.", defaultSeverity: .error),
        Rule(id: "compose.calibration-latitude", summary: "visibleZoom is converted to TomTom zoom at latitude 0.", defaultSeverity: .warning),
        Rule(id: "compose.no-labels", summary: "belowLabels with no symbol layer in the base style.", defaultSeverity: .warning),
        Rule(id: "compose.below-base-raster", summary: "A placement below TomTom's opaque raster base map; the layer goes directly above it.", defaultSeverity: .warning),
        Rule(id: "compose.key-host", summary: "{key} in a base-style URL whose host is not TomTom's; left unfilled.", defaultSeverity: .warning),
        Rule(id: "tomtom.layer-mapping.anchor", summary: "A layer-mapping anchor is not a layer of the composed style.", defaultSeverity: .error),
        Rule(id: "tomtom.layer-mapping.duplicate", summary: "An SDK layer is mapped twice.", defaultSeverity: .error),
        Rule(id: "tomtom.headers-ignored", summary: "userAgent or extraHeaders on TomTom, which cannot send them.", defaultSeverity: .warning),
        Rule(id: "tomtom.sdk-layer-name", summary: "A style layer id is the name of a TomTom SDK overlay layer.", defaultSeverity: .error),
        Rule(id: "tomtom.no-raster-base", summary: "A tomtom composition without TomTom's raster base map.", defaultSeverity: .warning),
        Rule(id: "tomtom.placeholder", summary: "A TomTom placeholder that only the TomTom SDK fills, in a MapLibre style.", defaultSeverity: .warning),
        Rule(id: "secret.literal-key", summary: "A literal credential (API key, access token) in a file.", defaultSeverity: .error),
        Rule(id: "style.root", summary: "The style's root lacks what composition needs.", defaultSeverity: .error),
        Rule(id: "style.type", summary: "A style value has the wrong type.", defaultSeverity: .error),
        Rule(id: "style.enum", summary: "A style value is not one of the allowed values.", defaultSeverity: .error),
        Rule(id: "style.range", summary: "A style number is out of range.", defaultSeverity: .error),
        Rule(id: "style.array-length", summary: "A style array has the wrong length.", defaultSeverity: .error),
        Rule(id: "style.required", summary: "A required style property is missing.", defaultSeverity: .error),
        Rule(id: "style.unknown-property", summary: "A paint, layout or other property the specification does not define.", defaultSeverity: .error),
        Rule(id: "style.unknown-key", summary: "A root, layer or source key the specification does not define (renderers ignore it).", defaultSeverity: .note),
        Rule(id: "style.color", summary: "A string that is not a CSS color.", defaultSeverity: .error),
        Rule(id: "style.deprecated", summary: "Style constants, removed in version 8.", defaultSeverity: .error),
        Rule(id: "style.glyphs", summary: "The glyphs URL lacks {fontstack} or {range}.", defaultSeverity: .error),
        Rule(id: "style.sprite", summary: "Sprite ids are not unique.", defaultSeverity: .error),
        Rule(id: "style.source.canvas", summary: "A canvas source in a stylesheet.", defaultSeverity: .error),
        Rule(id: "style.layer.type-or-ref", summary: "A layer has neither type nor ref.", defaultSeverity: .error),
        Rule(id: "style.layer.duplicate-id", summary: "Two layers have the same id.", defaultSeverity: .error),
        Rule(id: "style.layer.ref", summary: "A legacy ref layer is invalid.", defaultSeverity: .error),
        Rule(id: "style.layer.unknown-source", summary: "A layer names a source the style does not have.", defaultSeverity: .error),
        Rule(id: "style.layer.source-type", summary: "A layer type cannot draw its source's type.", defaultSeverity: .error),
        Rule(id: "style.layer.source-layer", summary: "A layer of a vector source lacks source-layer.", defaultSeverity: .error),
        Rule(id: "style.layer.line-gradient", summary: "line-gradient without a GeoJSON source with lineMetrics.", defaultSeverity: .error),
        Rule(id: "style.layer.resampling", summary: "Both resampling and <type>-resampling are given.", defaultSeverity: .error),
        Rule(id: "style.function", summary: "A legacy function is invalid.", defaultSeverity: .error),
        Rule(id: "style.expression", summary: "An expression does not type-check, or reads inputs its property does not allow.", defaultSeverity: .error),
        Rule(id: "style.filter", summary: "A filter is invalid.", defaultSeverity: .error),
        Rule(id: "style.filter-mixed", summary: "A legacy filter holds expressions, which it cannot read.", defaultSeverity: .warning),
        Rule(id: "style.interpolation-syntax", summary: "A {token} string where a property does not support it.", defaultSeverity: .error),
    ]

    private static let yamlSummaries: [YAMLError.Kind: String] = [
        .syntax: "libyaml refused the text (indentation, tabs, quotes, ...).",
        .encoding: "The file is not valid UTF-8.",
        .duplicateKey: "A mapping has the same key twice.",
        .aliasBudget: "Alias expansion exceeds the node budget (billion laughs).",
        .unknownAlias: "An alias names no anchor defined before it.",
        .tooDeep: "Nesting is deeper than the limit.",
        .multipleDocuments: "More than one YAML document in a file.",
        .unknownTag: "A tag mc-style does not know.",
        .complexKey: "A mapping key that is not a scalar.",
        .badMerge: "A merge key whose value is not a mapping or a list of mappings.",
        .empty: "The file holds no YAML document.",
        .stringTooLong: "A value longer than the 4 MiB limit.",
    ]
}
