import LocatedJSON

/// Routes a style's remote URLs (sources' tiles and TileJSON, the sprite, the glyphs) through the local server's
/// `/remote/` path, so that a `TileArchive` answers them: `https://host/path?query` becomes
/// `http://127.0.0.1:PORT/remote/https/host/path?query`. Tokens (`{z}`, `{fontstack}`) stay as they are, for
/// GL JS to fill.
enum RemoteURLs {
    static let prefix = "/remote/"

    /// The host (and port) of an http or https URL, lowercased; nil for other URLs. The authority ends at `/`, `\`,
    /// `?` or `#`, as a WHATWG parser (the browser's) ends it.
    static func host(of url: String) -> String? {
        for scheme in ["https", "http"] where url.lowercased().hasPrefix(scheme + "://") {
            let rest = url.dropFirst(scheme.count + 3)
            let authority = rest.prefix { !"/\\?#".contains($0) }
            guard !authority.isEmpty, !authority.contains("@") else { return nil }
            return authority.lowercased()
        }
        return nil
    }

    /// The hosts of every remote URL in a style or TileJSON (what `route` sends through the server).
    static func hosts(in bytes: [UInt8]) -> Set<String> {
        guard let root = try? JSONParser().parse(bytes: bytes, name: "style.json").root else { return [] }
        var found: Set<String> = []
        func visit(_ node: JSONNode) {
            switch node.value {
            case .string(let text): if let host = host(of: text) { found.insert(host) }
            case .array(let items): for item in items { visit(item) }
            case .object(let object): for member in object.members { visit(member.value) }
            default: break
            }
        }
        for key in ["sprite", "glyphs", "sources", "tiles"] { root[key].map(visit) }
        return found
    }

    /// The local form of a remote URL; other URLs (the server's own) as they are.
    static func routed(_ url: String, port: UInt16) -> String {
        for scheme in ["https", "http"] where url.hasPrefix(scheme + "://") {
            let rest = url.dropFirst(scheme.count + 3)
            if rest.hasPrefix("127.0.0.1:\(port)/") { return url }
            return "http://127.0.0.1:\(port)\(prefix)\(scheme)/\(rest)"
        }
        return url
    }

    /// The remote URL a `/remote/` request stands for (the query as sent), or nil.
    static func remote(path: String, rawQuery: String?) -> String? {
        guard path.hasPrefix(prefix) else { return nil }
        let rest = path.dropFirst(prefix.count)
        for scheme in ["https", "http"] where rest.hasPrefix(scheme + "/") {
            let url = scheme + "://" + rest.dropFirst(scheme.count + 1)
            return rawQuery.map { url + "?" + $0 } ?? url
        }
        return nil
    }

    /// The style with every remote URL routed.
    static func route(style bytes: [UInt8], port: UInt16) -> [UInt8] {
        guard let root = try? JSONParser().parse(bytes: bytes, name: "style.json").root else {
            return bytes
        }
        return JSONWriter(style: .compact).bytes(route(root, port: port, keys: ["sprite", "glyphs", "sources"]))
    }

    /// A TileJSON document with its tile URLs routed.
    static func route(tileJSON bytes: [UInt8], port: UInt16) -> [UInt8] {
        guard let root = try? JSONParser().parse(bytes: bytes, name: "tiles.json").root,
            root["tiles"] != nil
        else { return bytes }
        return JSONWriter(style: .compact).bytes(route(root, port: port, keys: ["tiles"]))
    }

    private static func route(_ node: JSONNode, port: UInt16, keys: Set<String>) -> JSONNode {
        guard case .object(var object) = node.value else { return node }
        for key in keys where object[key] != nil {
            _ = object.modifyValue(forKey: key) { value in value = routeAll(value, port: port, key: key) }
        }
        return JSONNode(.object(object))
    }

    /// Every URL-valued string under `node`: a string itself, each of an array's, `url` of a sprite entry, and each
    /// source's `tiles` and `url`.
    private static func routeAll(_ node: JSONNode, port: UInt16, key: String) -> JSONNode {
        switch node.value {
        case .string(let text): return JSONNode(.string(routed(text, port: port)))
        case .array(let items): return JSONNode(.array(items.map { routeAll($0, port: port, key: key) }))
        case .object(var object):
            let keys = key == "sources" ? Set(object.members.map(\.key)) : ["url"]
            for member in object.members where keys.contains(member.key) {
                _ = object.modifyValue(forKey: member.key) { value in
                    value =
                        key == "sources"
                        ? route(value, port: port, keys: ["tiles", "url"]) : routeAll(value, port: port, key: "url")
                }
            }
            return JSONNode(.object(object))
        default: return node
        }
    }
}
