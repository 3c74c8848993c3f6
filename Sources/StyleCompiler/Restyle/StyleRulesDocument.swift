import LocatedJSON

/// A rules document (MapConductor's StyleRules, schemaVersion 1) as read and checked: which tile schema gives the
/// layers their roles, and the rules in order. A rules file written for the phone reads here unchanged.
struct StyleRulesDocument: Sendable {
    /// How the roles' tile schema is chosen.
    enum SchemaChoice: Sendable {
        /// Worked out from the style's `source-layer` names.
        case detect
        /// A table this tool holds (`openmaptiles`, `shortbread`, `mapbox-streets`, `tomtom`).
        case named(TileSchema)
        /// The document's own table: role to the `source-layer` names that carry it.
        case custom(TileSchema)
    }

    /// One rule: which layers, and what changes in them.
    struct StyleRule: Sendable {
        /// 1 for the first rule: how findings and MapConductor's diagnostics number rules.
        var number: Int
        var selector: LayerSelector
        var patch: StylePatch
        /// Where the rule's object starts.
        var location: SourceLocation?
        /// The rule's path in the document (`rules[2]`).
        var path: JSONPath
    }

    /// The document's version; 1 is the only one.
    static let schemaVersion = 1

    /// The file the rules were read from (its name as shown).
    var fileName: String
    /// How roles are given.
    var schema: SchemaChoice = .detect
    /// In order: later rules override earlier ones property by property.
    var rules: [StyleRule] = []
    /// Where the document starts.
    var location: SourceLocation?
}
