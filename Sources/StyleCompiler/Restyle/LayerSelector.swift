import LocatedJSON

/// Which layers a rule reaches (a rule's `selector`): MapConductor's StyleRules selectors, schemaVersion 1.
indirect enum LayerSelector: Sendable, Equatable {
    /// Every layer, the background too (`"all"`).
    case all
    /// Layers given this role by the schema's table, their name or their type (`{"role": "road"}`).
    case role(String)
    /// Layer ids matching a glob: `*` any run, `?` one character (`{"layerId": "street-*"}`).
    case layerID(String)
    /// Layers drawing this `source-layer` (`{"sourceLayer": "streets"}`).
    case sourceLayer(String)
    /// Layers of this kind: background, fill, line, circle, symbol, or other (`{"kind": "line"}`).
    case kind(String)
    /// Layers any of these reach.
    case anyOf([LayerSelector])
    /// Layers all of these reach.
    case allOf([LayerSelector])
    /// Layers this does not reach.
    case not(LayerSelector)

    /// The selector keys of an object selector, one at a time.
    static let keys = ["role", "layerId", "sourceLayer", "kind", "anyOf", "allOf", "not"]
    /// The kinds `kind` takes.
    static let kinds = ["background", "fill", "line", "circle", "symbol", "other"]

    /// True when the selector reaches `layer`.
    func matches(_ layer: LayerDescription) -> Bool {
        switch self {
        case .all: return true
        case .role(let role): return layer.roles.contains(role)
        case .layerID(let glob): return Self.glob(glob, matches: layer.id)
        case .sourceLayer(let name): return layer.sourceLayer == name
        case .kind(let kind): return layer.kind == kind
        case .anyOf(let selectors): return selectors.contains { $0.matches(layer) }
        case .allOf(let selectors): return selectors.allSatisfy { $0.matches(layer) }
        case .not(let selector): return !selector.matches(layer)
        }
    }

    /// A short text of the selector for findings: `role road`, `layerId street-*`, `all`.
    var summary: String {
        switch self {
        case .all: return "all"
        case .role(let role): return "role \(role)"
        case .layerID(let glob): return "layerId \(glob)"
        case .sourceLayer(let name): return "sourceLayer \(name)"
        case .kind(let kind): return "kind \(kind)"
        case .anyOf(let selectors): return "anyOf(" + selectors.map(\.summary).joined(separator: ", ") + ")"
        case .allOf(let selectors): return "allOf(" + selectors.map(\.summary).joined(separator: ", ") + ")"
        case .not(let selector): return "not(\(selector.summary))"
        }
    }

    /// The roles the selector names, at any depth (for a role no table knows).
    var namedRoles: [String] {
        switch self {
        case .role(let role): return [role]
        case .anyOf(let selectors), .allOf(let selectors): return selectors.flatMap(\.namedRoles)
        case .not(let selector): return selector.namedRoles
        default: return []
        }
    }

    /// `*` matches any run of characters and `?` one character (a Unicode scalar); everything else itself.
    static func glob(_ pattern: String, matches text: String) -> Bool {
        glob(Array(pattern.unicodeScalars), matches: Array(text.unicodeScalars))
    }

    /// `glob(_:matches:)` of a pattern and a text already split into scalars (the role patterns are split once).
    static func glob(_ p: [Unicode.Scalar], matches t: [Unicode.Scalar]) -> Bool {
        var (pi, ti) = (0, 0)
        var star: Int?
        var resume = 0
        while ti < t.count {
            if pi < p.count, p[pi] == "?" || p[pi] == t[ti] {
                pi += 1
                ti += 1
            } else if pi < p.count, p[pi] == "*" {
                star = pi
                resume = ti
                pi += 1
            } else if let starAt = star {
                pi = starAt + 1
                resume += 1
                ti = resume
            } else {
                return false
            }
        }
        while pi < p.count, p[pi] == "*" { pi += 1 }
        return pi == p.count
    }
}
