/// The rules of reading and applying rules documents (registered in `RuleCatalog.all`).
extension Rule {
    /// Declarations deriving a `dark` design from the example base with the rules file `rules` (`dark.json`).
    private static func rulesExample(_ triggers: Bool, _ rules: String) -> RuleExample {
        let text = """
            version: 1
            bases:
              light: base.json
              dark: {from: light, rules: dark.json}
            """
        return triggers
            ? .triggering(.declarations, text, files: ["dark.json": rules])
            : .passing(.declarations, text, files: ["dark.json": rules])
    }

    /// A rules document that is fine: every layer's colours with their lightness inverted.
    static let exampleRules =
        ##"{"schemaVersion": 1, "rules": [{"selector": "all", "patch": {"colorFilter": {"invertLightness": true}}}]}"##

    static let rulesSchemaVersion = Rule(
        "rules.schema-version", .error,
        summary: "A rules document is not of schemaVersion 1, the only one this build reads.",
        help: "Write schemaVersion: 1; a document of another version is refused rather than applied in part.",
        examples: [
            rulesExample(true, ##"{"schemaVersion": ↓2, "rules": []}"##), rulesExample(false, exampleRules),
        ])
    static let rulesUnknownField = Rule(
        "rules.unknown-field", .error,
        summary: "A rules document, rule, selector or patch has a field MapConductor's StyleRules do not define.",
        help: "Use the field the message suggests; docs/style-rules.md lists every field.",
        examples: [
            rulesExample(
                true, ##"{"schemaVersion": 1, "rules": [{"selector": "all", "patch": {↓"colour": "#000000"}}]}"##),
            rulesExample(false, exampleRules),
        ])
    static let rulesSelector = Rule(
        "rules.selector", .error,
        summary: "A selector is not \"all\" or one of role, layerId, sourceLayer, kind, anyOf, allOf, not.",
        help: "Write \"all\" or an object of exactly one selector key, with a value of its kind.",
        examples: [
            rulesExample(
                true,
                ##"{"schemaVersion": 1, "rules": [{"selector": {"kind": ↓"polygon"}, "patch": {"visible": false}}]}"##),
            rulesExample(
                false,
                ##"{"schemaVersion": 1, "rules": [{"selector": {"kind": "fill"}, "patch": {"visible": false}}]}"##),
        ])
    static let rulesRole = Rule(
        "rules.role", .warning,
        summary: "A selector names a role no schema gives, so it can match nothing.",
        help: "Use one of the fifteen roles (docs/style-rules.md) or define it under schema: {roles: ...}.",
        examples: [
            rulesExample(
                true,
                ##"{"schemaVersion": 1, "rules": [{"selector": {"role": ↓"roads"}, "patch": {"color": "#ffffff"}}]}"##),
            rulesExample(
                false,
                ##"{"schemaVersion": 1, "rules": [{"selector": {"role": "water"}, "patch": {"color": "#10243a"}}]}"##),
        ])
    static let rulesValue = Rule(
        "rules.value", .error,
        summary: "A rules document's value is of the wrong type, not a colour, or out of its range.",
        help: "Give colours as CSS colours, opacity and filter amounts from 0 to 1, zooms from 0 to 24.",
        examples: [
            rulesExample(
                true, ##"{"schemaVersion": 1, "rules": [{"selector": "all", "patch": {"opacity": ↓1.5}}]}"##),
            rulesExample(false, ##"{"schemaVersion": 1, "rules": [{"selector": "all", "patch": {"opacity": 0.5}}]}"##),
        ])
    static let rulesProperty = Rule(
        "rules.property", .error,
        summary: "A patch's properties name something that is no paint or layout property of any layer type.",
        help: "Use the specification's property name the message suggests.",
        examples: [
            rulesExample(
                true,
                ##"{"schemaVersion": 1, "rules": [{"selector": {"kind": "line"}, "patch": {"properties": {↓"line-dash-array": [2, 1]}}}]}"##
            ),
            rulesExample(
                false,
                ##"{"schemaVersion": 1, "rules": [{"selector": {"kind": "line"}, "patch": {"properties": {"line-dasharray": [2, 1]}}}]}"##
            ),
        ])
    static let rulesSchema = Rule(
        "rules.schema", .error,
        summary: "A rules document names a tile schema this tool does not hold, or writes its own table wrongly.",
        help:
            "Name openmaptiles, shortbread, mapbox-streets or tomtom, leave schema out, or give {roles: {ROLE: [...]}}.",
        examples: [
            rulesExample(true, ##"{"schemaVersion": 1, "schema": ↓"shortbred", "rules": []}"##),
            rulesExample(false, ##"{"schemaVersion": 1, "schema": "tomtom", "rules": []}"##),
        ])
    static let rulesApplied = Rule(
        "rules.applied", .note,
        summary:
            "What a rules document did to a design: the schema that gave roles, and how many layers each rule matched.",
        help: "Nothing to do: read it to see the rules reached what they meant to (mc-style describe lists the roles).",
        examples: [
            rulesExample(
                true,
                ##"↓{"schemaVersion": 1, "rules": [↓{"selector": "all", "patch": {"colorFilter": {"invertLightness": true}}}]}"##
            ),
            .passing(.declarations, RuleExample.plainDeclarations),
        ])
    static let rulesUnmatched = Rule(
        "rules.unmatched", .warning,
        summary: "A rule changes nothing: it matched no layer of the design, or its patch is empty.",
        help: "Check the selector against mc-style describe's roles and ids, or remove the rule.",
        examples: [
            rulesExample(
                true,
                ##"{"schemaVersion": 1, "rules": [↓{"selector": {"layerId": "no-such-layer-*"}, "patch": {"visible": false}}]}"##
            ),
            rulesExample(
                false,
                ##"{"schemaVersion": 1, "rules": [{"selector": {"layerId": "Ocean"}, "patch": {"visible": false}}]}"##),
        ])
    static let rulesUnreached = Rule(
        "rules.unreached", .note,
        summary:
            "A colour filter or width scale met values read from the data, which it cannot change before the data.",
        help: "Set the colour with color or properties for those layers if they must change too.",
        examples: [
            .triggering(
                .declarations, "version: 1\nbases:\n  light: base.json\n  dark: {from: light, rules: dark.json}\n",
                files: [
                    "base.json": dataColourBase,
                    "dark.json":
                        ##"{"schemaVersion": 1, "rules": [↓{"selector": "all", "patch": {"colorFilter": {"darken": 0.5}}}]}"##,
                ]),
            rulesExample(false, exampleRules),
        ])
    /// A base whose one fill takes its colour from the data.
    private static let dataColourBase =
        ##"{"version": 8, "sources": {"vectorTiles": {"type": "vector", "url": "https://api.tomtom.com/maps/orbis/map-display/tiles.json?key={key}"}}, "layers": [{"id": "background", "type": "background", "paint": {"background-color": "#f0ede5"}}, {"id": "Park", "type": "fill", "source": "vectorTiles", "source-layer": "Park", "paint": {"fill-color": ["get", "colour"]}}]}"##
}

extension Rule {
    /// Every rule of rules documents, in catalog order.
    static let restyleRules: [Rule] = [
        .rulesSchemaVersion, .rulesUnknownField, .rulesSelector, .rulesRole, .rulesValue, .rulesProperty, .rulesSchema,
        .rulesApplied, .rulesUnmatched, .rulesUnreached,
    ]
}
