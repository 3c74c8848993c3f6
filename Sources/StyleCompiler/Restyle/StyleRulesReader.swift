import LocatedJSON
import StyleSpec
import YAMLReader

/// Reads a rules document, MapConductor's JSON form (`.json`, its canonical form: a file written for the phone reads
/// unchanged) or the same as YAML, and checks it with every mistake located: another `schemaVersion`, a field no
/// selector or patch has (with the nearest name), a colour that is not one, a value out of its range, a role or a
/// style property nobody defines. A `filter` or a `properties` value is checked again by the style validator where
/// it lands in each layer the rule reaches.
struct StyleRulesReader {
    /// Reads files, with their size limit.
    var inputLoader: InputLoader

    /// The document at `path` (shown as `displayName`), nil when it has errors (a half-read rule set would restyle
    /// half a map), its findings, and the file read (nil when it could not be).
    func load(path: String, displayName: String) -> (
        document: StyleRulesDocument?, diagnostics: [Diagnostic], file: SourceFile?
    ) {
        let file: SourceFile
        do { file = try inputLoader.load(path: path, displayName: displayName) } catch {
            return (nil, [error.diagnostic], nil)
        }
        let (document, diagnostics) = read(file)
        return (document, diagnostics, file)
    }

    /// The document `file` holds.
    func read(_ file: SourceFile) -> (document: StyleRulesDocument?, diagnostics: [Diagnostic]) {
        let root: JSONNode
        let lowered = file.name.lowercased()
        if lowered.hasSuffix(".yaml") || lowered.hasSuffix(".yml") {
            do { root = Self.typed(try YAMLReader().read(file)) } catch { return (nil, [Diagnostic(error)]) }
        } else {
            let (document, found) = StyleLoader(inputLoader: inputLoader).parse(file)
            guard let document else { return (nil, found) }
            root = document.root
        }
        var reading = RulesReading(file: file)
        let document = reading.document(root)
        return (reading.diagnostics.containsErrors ? nil : document, reading.diagnostics.sortedByPlace())
    }

    /// A YAML tree with JSON's types, as the declarations read plain scalars (`SchemaCoercion`'s core schema):
    /// booleans, `null`/`~`/empty and decimal numbers become what JSON would read; quoted scalars stay strings.
    static func typed(_ node: JSONNode) -> JSONNode {
        switch node.value {
        case .string(let text) where node.scalarStyle == .plain:
            if let flag = SchemaCoercion.yamlBoolean(text) { return JSONNode(.bool(flag), placedAs: node) }
            if let number = SchemaCoercion.yamlNumber(text) { return JSONNode(.number(number), placedAs: node) }
            if ["null", "Null", "NULL", "~", ""].contains(text) { return JSONNode(.null, placedAs: node) }
            return node
        case .array(let items): return JSONNode(.array(items.map(typed)), placedAs: node)
        case .object(let object):
            let members = object.members.map { member in
                var copy = member
                copy.value = typed(member.value)
                return copy
            }
            return JSONNode(.object(JSONObject(members)), placedAs: node)
        default: return node
        }
    }
}

/// One reading of a rules tree: the findings so far.
private struct RulesReading {
    let file: SourceFile
    var diagnostics: [Diagnostic] = []
    /// Roles a custom schema defines, beside the known ones.
    var customRoles: [String] = []

    static let keys = ["schemaVersion", "schema", "rules"]

    mutating func document(_ root: JSONNode) -> StyleRulesDocument? {
        var document = StyleRulesDocument(fileName: file.name, location: file.location(of: root))
        guard let object = root.objectValue else {
            fail(.rulesValue, root, .root, "a rules document is an object with schemaVersion: 1 and rules: [...]")
            return nil
        }
        for member in object.members where !Self.keys.contains(member.key) {
            failAtKey(
                .rulesUnknownField, member, JSONPath([.key(member.key)]),
                "'\(member.key)' is not a rules document field (\(Self.keys.joined(separator: ", ")))"
                    + Suggestion.didYouMean(member.key, among: Self.keys))
        }
        let version = object["schemaVersion"]
        if version?.numberValue?.text != String(StyleRulesDocument.schemaVersion) {
            let given = version.map(LayerPatching.compact) ?? "nothing"
            fail(
                .rulesSchemaVersion, version ?? root, JSONPath([.key("schemaVersion")]),
                "schemaVersion is \(given): this build reads rules documents of schemaVersion 1 only, and refuses others rather than apply part of them"
            )
        }
        if let schema = object["schema"], schema.value != .null {
            document.schema = self.schema(schema)
        }
        guard let rules = object["rules"]?.arrayValue else {
            fail(
                .rulesValue, object["rules"] ?? root, JSONPath([.key("rules")]), "rules is a list of {selector, patch}")
            return document
        }
        for (index, node) in rules.enumerated() {
            if let rule = rule(node, number: index + 1, path: JSONPath([.key("rules"), .index(index)])) {
                document.rules.append(rule)
            }
        }
        return document
    }

    private mutating func schema(_ node: JSONNode) -> StyleRulesDocument.SchemaChoice {
        let path = JSONPath([.key("schema")])
        let names = TileSchema.builtIn.map(\.name)
        if let name = node.stringValue {
            if let schema = TileSchema.named(name) { return .named(schema) }
            fail(
                .rulesSchema, node, path,
                "schema '\(name)' is not one this tool holds (\(names.joined(separator: ", "))): name one, leave schema out to detect it, or give {roles: {ROLE: [SOURCE-LAYER, ...]}}"
                    + Suggestion.didYouMean(name, among: names))
            return .detect
        }
        guard let roles = node["roles"]?.objectValue, node.objectValue?.count == 1 else {
            fail(
                .rulesSchema, node, path,
                "schema is a name (\(names.joined(separator: ", "))) or {roles: {ROLE: [SOURCE-LAYER, ...]}}")
            return .detect
        }
        var table: [(role: String, sourceLayers: [String])] = []
        for member in roles.members {
            let layers = member.value.arrayValue?.compactMap(\.stringValue)
            guard let layers, layers.count == member.value.arrayValue?.count else {
                fail(
                    .rulesSchema, member.value, path.appending("roles").appending(member.key),
                    "role '\(member.key)' takes a list of source-layer names")
                continue
            }
            table.append((member.key, layers))
            customRoles.append(member.key)
        }
        return .custom(TileSchema(name: "custom", sourceLayersByRole: table))
    }

    private mutating func rule(_ node: JSONNode, number: Int, path: JSONPath) -> StyleRulesDocument.StyleRule? {
        guard let object = node.objectValue else {
            fail(.rulesValue, node, path, "rule \(number) is an object {selector, patch}")
            return nil
        }
        for member in object.members where !["selector", "patch"].contains(member.key) {
            failAtKey(
                .rulesUnknownField, member, path.appending(member.key),
                "'\(member.key)' is not a rule field (selector, patch)"
                    + Suggestion.didYouMean(member.key, among: ["selector", "patch"]))
        }
        guard let selectorNode = object["selector"] else {
            fail(
                .rulesSelector, node, path,
                "rule \(number) has no selector: give \"all\" or {role: ...}, {layerId: ...}, ...")
            return nil
        }
        let selector = self.selector(selectorNode, path: path.appending("selector"))
        guard let patchNode = object["patch"] else {
            fail(.rulesValue, node, path, "rule \(number) has no patch: what should change in the layers it selects?")
            return nil
        }
        let patch = self.patch(patchNode, path: path.appending("patch"))
        guard let selector, let patch else { return nil }
        return StyleRulesDocument.StyleRule(
            number: number, selector: selector, patch: patch, location: file.location(of: node), path: path)
    }

    private mutating func selector(_ node: JSONNode, path: JSONPath) -> LayerSelector? {
        if node.stringValue == "all" { return .all }
        guard let object = node.objectValue, object.count == 1, let member = object.members.first else {
            fail(
                .rulesSelector, node, path,
                "a selector is \"all\" or an object of one key: \(LayerSelector.keys.joined(separator: ", "))")
            return nil
        }
        let at = path.appending(member.key)
        let value = member.value
        switch member.key {
        case "role":
            guard let role = value.stringValue else { return text(value, at, "role") }
            let known = TileSchema.knownRoles + customRoles
            if !known.contains(role) {
                fail(
                    .rulesRole, value, at,
                    "no schema gives the role '\(role)': the roles are \(TileSchema.knownRoles.joined(separator: ", "))"
                        + Suggestion.didYouMean(role, among: known))
            }
            return .role(role)
        case "layerId":
            guard let glob = value.stringValue, !glob.isEmpty else { return text(value, at, "layerId (a glob)") }
            return .layerID(glob)
        case "sourceLayer":
            guard let name = value.stringValue, !name.isEmpty else { return text(value, at, "sourceLayer") }
            return .sourceLayer(name)
        case "kind":
            guard let kind = value.stringValue, LayerSelector.kinds.contains(kind) else {
                fail(
                    .rulesSelector, value, at,
                    "kind is one of \(LayerSelector.kinds.joined(separator: ", "))"
                        + Suggestion.didYouMean(value.stringValue ?? "", among: LayerSelector.kinds))
                return nil
            }
            return .kind(kind)
        case "anyOf", "allOf":
            guard let items = value.arrayValue, !items.isEmpty else {
                fail(.rulesSelector, value, at, "\(member.key) takes a non-empty list of selectors")
                return nil
            }
            let selectors = items.enumerated().map { selector($1, path: at.appending($0)) }
            guard selectors.allSatisfy({ $0 != nil }) else { return nil }
            let reached = selectors.compactMap { $0 }
            return member.key == "anyOf" ? .anyOf(reached) : .allOf(reached)
        case "not":
            return selector(value, path: at).map { .not($0) }
        default:
            failAtKey(
                .rulesUnknownField, member, at,
                "'\(member.key)' is not a selector (\"all\", \(LayerSelector.keys.joined(separator: ", ")))"
                    + Suggestion.didYouMean(member.key, among: LayerSelector.keys))
            return nil
        }
    }

    private mutating func text(_ node: JSONNode, _ path: JSONPath, _ what: String) -> LayerSelector? {
        fail(.rulesSelector, node, path, "\(what) takes a non-empty string")
        return nil
    }

    private mutating func patch(_ node: JSONNode, path: JSONPath) -> StylePatch? {
        guard let object = node.objectValue else {
            fail(.rulesValue, node, path, "a patch is an object of \(StylePatch.fields.joined(separator: ", "))")
            return nil
        }
        var patch = StylePatch()
        let errorsBefore = diagnostics.count
        for member in object.members {
            let at = path.appending(member.key)
            let value = member.value
            switch member.key {
            case "visible":
                guard let flag = value.boolValue else {
                    fail(.rulesValue, value, at, "visible is true or false")
                    continue
                }
                patch.visible = (flag, value)
            case "color":
                if let color = colour(value, at, "color") { patch.color = (color, value) }
            case "opacity":
                if let number = number(value, at, "opacity", 0...1) { patch.opacity = (number, value) }
            case "widthScale":
                if let number = number(value, at, "widthScale", 0...100) { patch.widthScale = (number, value) }
            case "minZoom":
                if let number = number(value, at, "minZoom", 0...24) { patch.minZoom = (number, value) }
            case "maxZoom":
                if let number = number(value, at, "maxZoom", 0...24) { patch.maxZoom = (number, value) }
            case "colorFilter":
                if let filter = colorFilter(value, at) { patch.colorFilter = (filter, value) }
            case "filter":
                guard value.arrayValue?.first != nil || value.boolValue != nil else {
                    fail(
                        .rulesValue, value, at,
                        "filter is a MapLibre filter expression, such as [\"==\", [\"get\", \"kind\"], \"motorway\"]")
                    continue
                }
                patch.filter = value
            case "properties":
                patch.properties = properties(value, at)
            default:
                failAtKey(
                    .rulesUnknownField, member, at,
                    "'\(member.key)' is not a patch field (\(StylePatch.fields.joined(separator: ", ")))"
                        + Suggestion.didYouMean(member.key, among: StylePatch.fields))
            }
        }
        if let low = patch.minZoom, let high = patch.maxZoom, low.value > high.value {
            fail(
                .rulesValue, high.node, path.appending("maxZoom"),
                "maxZoom \(JSONNumber(high.value).text) is below minZoom \(JSONNumber(low.value).text)")
        }
        if patch.isEmpty, diagnostics.count == errorsBefore {
            diagnostics.append(
                Diagnostic(.rulesUnmatched, "the patch changes nothing", at: file.location(of: node), path: path))
        }
        return patch
    }

    private mutating func colour(_ node: JSONNode, _ path: JSONPath, _ what: String) -> StyleColor? {
        if let text = node.stringValue, let color = StyleColor(css: text) { return color }
        fail(
            .rulesValue, node, path,
            "\(what) \(node.stringValue.map { "'\($0)'" } ?? "") is not a colour: give a CSS colour such as #1a1a2e, rgb(26,26,46) or white"
        )
        return nil
    }

    private mutating func number(_ node: JSONNode, _ path: JSONPath, _ what: String, _ range: ClosedRange<Double>)
        -> Double?
    {
        guard let value = node.numberValue?.doubleValue else {
            fail(
                .rulesValue, node, path,
                "\(what) is a number from \(JSONNumber(range.lowerBound).text) to \(JSONNumber(range.upperBound).text)")
            return nil
        }
        guard range.contains(value), what != "widthScale" || value > 0 else {
            fail(
                .rulesValue, node, path,
                "\(what) \(JSONNumber(value).text) is outside \(what == "widthScale" ? "0 (excluded)" : JSONNumber(range.lowerBound).text) to \(JSONNumber(range.upperBound).text)"
            )
            return nil
        }
        return value
    }

    private mutating func colorFilter(_ node: JSONNode, _ path: JSONPath) -> ColorFilter? {
        guard let object = node.objectValue, object.count == 1, let member = object.members.first else {
            fail(
                .rulesValue, node, path,
                "colorFilter is an object of one of \(ColorFilter.names.joined(separator: ", "))")
            return nil
        }
        let at = path.appending(member.key)
        switch member.key {
        case "invertLightness":
            guard member.value.boolValue == true else {
                fail(.rulesValue, member.value, at, "invertLightness takes true")
                return nil
            }
            return .invertLightness
        case "darken": return number(member.value, at, "darken", 0...1).map { .darken($0) }
        case "lighten": return number(member.value, at, "lighten", 0...1).map { .lighten($0) }
        case "desaturate": return number(member.value, at, "desaturate", 0...1).map { .desaturate($0) }
        case "mix":
            guard let mix = member.value.objectValue, let target = mix["color"] else {
                fail(.rulesValue, member.value, at, "mix is {color: COLOUR, amount: 0 to 1}")
                return nil
            }
            for key in mix.keys where !["color", "amount"].contains(key) {
                if let unknown = mix.member(forKey: key) {
                    failAtKey(
                        .rulesUnknownField, unknown, at.appending(key),
                        "'\(key)' is not a mix field (color, amount)"
                            + Suggestion.didYouMean(key, among: ["color", "amount"]))
                }
            }
            let color = colour(target, at.appending("color"), "mix color")
            let amount = mix["amount"].map { number($0, at.appending("amount"), "amount", 0...1) } ?? 0.5
            guard let color, let amount else { return nil }
            return .mix(color, amount)
        default:
            failAtKey(
                .rulesUnknownField, member, at,
                "'\(member.key)' is not a colour filter (\(ColorFilter.names.joined(separator: ", ")))"
                    + Suggestion.didYouMean(member.key, among: ColorFilter.names))
            return nil
        }
    }

    /// `properties`: each key a paint or layout property of some layer type.
    private mutating func properties(_ node: JSONNode, _ path: JSONPath) -> [JSONMember] {
        guard let object = node.objectValue else {
            fail(
                .rulesValue, node, path,
                "properties is an object of style properties, such as {\"line-dasharray\": [2, 1]}")
            return []
        }
        var kept: [JSONMember] = []
        for member in object.members {
            if StyleProperties.group(of: member.key) == nil {
                failAtKey(
                    .rulesProperty, member, path.appending(member.key),
                    "'\(member.key)' is not a paint or layout property of any layer type"
                        + Suggestion.didYouMean(member.key, among: StyleProperties.allNames))
                continue
            }
            kept.append(member)
        }
        return kept
    }

    private mutating func fail(_ rule: Rule, _ node: JSONNode, _ path: JSONPath, _ message: String) {
        diagnostics.append(Diagnostic(rule, message, at: file.location(of: node), path: path))
    }

    private mutating func failAtKey(_ rule: Rule, _ member: JSONMember, _ path: JSONPath, _ message: String) {
        diagnostics.append(
            Diagnostic(rule, message, at: file.keyLocation(of: member) ?? file.location(of: member.value), path: path))
    }
}
