/// The words of a rules document, for an editor: what may be typed as a key or a value at a place, the place given
/// as the keys above it (`["rules", "patch", "colorFilter"]`, list positions left out). The reader enforces the same
/// lists (`StyleRulesReader`), so what is offered is what is read.
public enum StyleRulesVocabulary {
    /// A word to offer, and a line saying what it is.
    public struct Word: Sendable, Equatable {
        /// The word as it is written in the document (`road-casing`, `widthScale`).
        public let text: String
        /// What it is, in a few words (`role`, `patch field`).
        public let detail: String
    }

    /// The keys that may stand in the object at `path`.
    public static func keys(at path: [String]) -> [Word] {
        let last = path.last
        switch last {
        case nil: return words(["schemaVersion", "schema", "rules"], "rules document")
        case "rules": return words(["selector", "patch"], "rule")
        case "selector", "anyOf", "allOf", "not": return words(LayerSelector.keys, "selector")
        case "patch": return words(StylePatch.fields, "patch field")
        case "colorFilter": return words(ColorFilter.names, "colour filter")
        case "mix": return words(["color", "amount"], "mix")
        case "properties": return words(StyleProperties.allNames, "style property")
        case "schema": return words(["roles"], "custom schema")
        case "roles" where path.count >= 2 && path[path.count - 2] == "schema":
            return words(TileSchema.knownRoles, "role")
        default: return []
        }
    }

    /// The values that may stand for `key` in the object at `path`.
    public static func values(of key: String, at path: [String]) -> [Word] {
        switch key {
        case "role": return words(TileSchema.knownRoles, "role")
        case "kind": return words(LayerSelector.kinds, "layer kind")
        case "schema" where path.isEmpty: return words(TileSchema.builtIn.map(\.name), "tile schema")
        case "schemaVersion" where path.isEmpty: return words(["1"], "the only version")
        case "selector": return words(["all"], "every layer")
        case "visible", "invertLightness": return words(["true", "false"], key)
        default: return []
        }
    }

    private static func words(_ texts: [String], _ detail: String) -> [Word] {
        texts.map { Word(text: $0, detail: detail) }
    }
}
