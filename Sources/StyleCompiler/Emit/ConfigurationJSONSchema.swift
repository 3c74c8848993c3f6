import LocatedJSON

/// The JSON Schema (draft 2020-12) of `.mc-style.yaml`, made from the rule catalog: every configurable rule
/// is a named property (an editor completes the ids and refuses a misspelt one), set to a severity word or to
/// `{severity, ignoreLayers}` (and `minimumRatio` for `lint.contrast`). `LintConfigurationLoader` enforces the
/// same shape.
public enum ConfigurationJSONSchema {
    /// The schema's `$id`.
    public static let identifier = "https://mapconductor.com/schemas/mc-style/config-1.json"

    /// The schema document for `rules` (the catalog's, `RuleCatalog.all`).
    public static func document(rules catalog: [Rule]) -> JSONNode {
        let settings = JSONNode.object(["enum": .array(LintConfiguration.Setting.allCases.map { .string($0.rawValue) })]
        )
        let globs = JSONNode.object([
            "type": .string("array"), "items": .object(["type": .string("string"), "minLength": .integer(1)]),
            "description": .string("Layer-id globs (* any run, ? one character) whose findings are not reported."),
        ])
        let ruleSetting = JSONNode.object([
            "oneOf": .array([
                .object(["$ref": .string("#/$defs/setting")]),
                .object([
                    "type": .string("object"), "additionalProperties": .bool(false),
                    "properties": .object([
                        "severity": .object(["$ref": .string("#/$defs/setting")]),
                        "ignoreLayers": .object(["$ref": .string("#/$defs/ignoreLayers")]),
                        "minimumRatio": .object([
                            "type": .string("number"), "minimum": .integer(1), "maximum": .integer(21),
                            "description": .string(
                                "lint.contrast only: the lowest contrast ratio text may have (default 3, WCAG AA for large text)."
                            ),
                        ]),
                    ]),
                ]),
            ])
        ])
        let budget = JSONNode.object(["type": .string("integer"), "minimum": .integer(0)])
        let budgets = JSONNode.object([
            "type": .string("object"), "additionalProperties": .bool(false),
            "description": .string(
                "Limits per view over the declarations' views, checked by validate and compile (budget.* rules)."),
            "properties": .object([
                "requestsPerView": .object([
                    "description": .string(
                        "Requests per view (tiles shown, prefetched, files), in total or {total, sources: {ID: N}}."),
                    "oneOf": .array([
                        .object(["$ref": .string("#/$defs/budget")]),
                        .object([
                            "type": .string("object"), "additionalProperties": .bool(false),
                            "properties": .object([
                                "total": .object(["$ref": .string("#/$defs/budget")]),
                                "sources": .object([
                                    "type": .string("object"),
                                    "additionalProperties": .object(["$ref": .string("#/$defs/budget")]),
                                ]),
                            ]),
                        ]),
                    ]),
                ]),
                "stackedRasters": .object([
                    "$ref": .string("#/$defs/budget"),
                    "description": .string("Opaque raster layers shown over one another in a view."),
                ]),
                "activeLayers": .object([
                    "$ref": .string("#/$defs/budget"), "description": .string("Layers shown in a view."),
                ]),
                "styleBytes": .object([
                    "$ref": .string("#/$defs/budget"),
                    "description": .string("The composed style's size, in bytes of compact JSON."),
                ]),
            ]),
        ])
        let rules = catalog.filter(\.isConfigurable).map { rule in
            JSONMember(
                key: rule.id,
                value: .object([
                    "$ref": .string("#/$defs/rule"),
                    "description": .string("\(rule.summary) Default: \(rule.defaultSeverity.rawValue)."),
                ]))
        }
        return .object([
            "$schema": .string("https://json-schema.org/draft/2020-12/schema"),
            "$id": .string(identifier),
            "title": .string("mc-style configuration (.mc-style.yaml)"),
            "type": .string("object"),
            "additionalProperties": .bool(false),
            "properties": .object([
                "version": .object(["const": .integer(1), "description": .string("Format version: 1.")]),
                "rules": .object([
                    "type": .string("object"), "additionalProperties": .bool(false),
                    "description": .string("Rule id -> off, note, warning or error, or {severity, ignoreLayers}."),
                    "properties": JSONNode(.object(JSONObject(rules))),
                ]),
                "ignoreLayers": .object(["$ref": .string("#/$defs/ignoreLayers")]),
                "renderers": .object([
                    "type": .string("array"), "uniqueItems": .bool(true),
                    "items": .object([
                        "type": .string("string"),
                        "pattern": .string(#"^[a-z][a-z0-9.-]{0,63}[ @][0-9]{1,9}(\.[0-9]{1,9}){0,3}$"#),
                    ]),
                    "description": .string(
                        "Renderers and the oldest versions styles must work on (maplibre-gl-js 5.3.0); the declarations' renderers: and --renderer win."
                    ),
                ]),
                "rendererProfiles": .object([
                    "type": .string("array"), "uniqueItems": .bool(true),
                    "items": .object(["type": .string("string"), "minLength": .integer(1)]),
                    "description": .string("Own renderer profile files, relative to this file."),
                ]),
                "budgets": .object(["$ref": .string("#/$defs/budgets")]),
            ]),
            "$defs": .object([
                "setting": settings, "ignoreLayers": globs, "rule": ruleSetting, "budget": budget, "budgets": budgets,
            ]),
        ])
    }
}
