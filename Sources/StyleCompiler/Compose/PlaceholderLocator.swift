import LocatedJSON
import StyleRuntime

/// Finds the run-time placeholders in a composed style (the manifest lists them per pointer) and fills
/// `{key}` in TomTom URLs when a key is given at build time.
enum PlaceholderLocator {
    struct Result {
        /// Each placeholder the style still holds, with the pointers of the strings that hold it, in the order
        /// key, LocalTileServer, then routes and cache keys by name.
        var placeholders: [RuntimeManifest.PlaceholderRecord] = []
        /// Strings whose `{key}` was filled at build time.
        var keyFilledPointers: [String] = []
        /// Strings holding `{key}` in a URL whose host is not TomTom's: never filled, by anyone.
        var foreignKeyPointers: [(pointer: String, location: SourceLocation?)] = []
        /// Strings holding `{key}` in a URL that must never receive it although it names (or seems to name) a
        /// TomTom host: clear-text `http`, or a host that URL parsers may read otherwise (the reason, as a phrase).
        var unsafeKeyPointers: [(pointer: String, location: SourceLocation?, reason: String)] = []
    }

    /// The root members whose strings are URLs the renderer requests: the only places a credential or a
    /// LocalTileServer address can go. Elsewhere `{key}` is something else (a feature property in a
    /// `text-field` token), never filled and never warned about.
    static let urlMembers = ["sources", "sprite", "glyphs"]

    /// Walks every string of the style's URL members (`urlMembers`) once, recording JSON Pointers and filling
    /// the key. `routes` are the declared LocalTileServer route names whose `{route:NAME}` and `{cacheKey:NAME}`
    /// tokens count; `environment` are the variables whose `${NAME}` references stay run-time parameters, of
    /// which those in `mayBeEmpty` accept an empty value.
    /// `cacheKeyDefaults`: the cache key each route's `{cacheKey:NAME}` takes when the app gives none (a vector
    /// style's labels start at glyph generation 0); other cache keys are required.
    static func locateFillingKey(
        in style: inout JSONNode, apiKey: String?, routes: [String], cacheKeyDefaults: [String: String] = [:],
        environment: [String] = [], mayBeEmpty: [String] = [], files: any SourceLocator
    ) -> Result {
        var result = Result()
        var keyPointers: [String] = []
        var localPointers: [String] = []
        var routeTokens: [(placeholder: Placeholder, token: String)] = []
        for name in routes.sorted() {
            routeTokens.append((.route(name), Placeholder.route(name).token))
            routeTokens.append((.cacheKey(name), Placeholder.cacheKey(name).token))
        }
        var routePointers = [[String]](repeating: [], count: routeTokens.count)
        let parameters = environment.sorted().map { Placeholder.environment($0) }
        var parameterPointers = [[String]](repeating: [], count: parameters.count)
        var replacements: [(JSONPath, String)] = []
        var walk = StringWalk()
        for member in style.objectValue?.members ?? [] where urlMembers.contains(member.key) {
            walk.add(member.value, at: [.key(member.key)])
        }
        walk.run { text, node, path in
            guard text.utf8.contains(UInt8(ascii: "{")) else { return }
            for (index, parameter) in parameters.enumerated() where text.utf8Contains(parameter.token) {
                parameterPointers[index].append(path().jsonPointer)
            }
            if text.utf8Contains(Placeholder.localTileServer.token) {
                localPointers.append(path().jsonPointer)
                for (index, entry) in routeTokens.enumerated() where text.utf8Contains(entry.token) {
                    routePointers[index].append(path().jsonPointer)
                }
            }
            guard text.utf8Contains(Placeholder.apiKey.token) else { return }
            switch URLHost.keyDestination(of: text) {
            case .tomTom:
                break
            case .cleartextTomTom:
                result.unsafeKeyPointers.append(
                    (
                        path().jsonPointer, files.location(of: node),
                        "it is clear-text http://, so the key would cross the network unencrypted; use https://"
                    ))
                return
            case .ambiguous(let reason):
                result.unsafeKeyPointers.append(
                    (
                        path().jsonPointer, files.location(of: node),
                        reason + ", so the host it would go to is not the one it seems"
                    )
                )
                return
            case .elsewhere:
                result.foreignKeyPointers.append((path().jsonPointer, files.location(of: node)))
                return
            }
            if let apiKey {
                // Percent-encoded as `StyleRuntime` fills it: a key holding `&`, `#` or `{key}` must not change the URL.
                replacements.append(
                    (path(), text.replacing(Placeholder.apiKey.token, with: PercentEncoding.string(apiKey))))
                result.keyFilledPointers.append(path().jsonPointer)
            } else {
                keyPointers.append(path().jsonPointer)
            }
        }
        for (path, text) in replacements { replaceString(at: path.components[...], in: &style, with: text) }
        if !keyPointers.isEmpty { result.placeholders.append(.init(placeholder: .apiKey, pointers: keyPointers)) }
        if !localPointers.isEmpty {
            result.placeholders.append(.init(placeholder: .localTileServer, pointers: localPointers))
        }
        for (index, entry) in routeTokens.enumerated() where !routePointers[index].isEmpty {
            result.placeholders.append(
                .init(
                    placeholder: entry.placeholder,
                    defaultValue: entry.placeholder.defaultValue(cacheKeyDefaults: cacheKeyDefaults),
                    pointers: routePointers[index]))
        }
        for (index, parameter) in parameters.enumerated() where !parameterPointers[index].isEmpty {
            result.placeholders.append(
                .init(
                    placeholder: parameter, pointers: parameterPointers[index],
                    mayBeEmpty: parameter.name.map(mayBeEmpty.contains) ?? false))
        }
        return result
    }

    private static func replaceString(
        at path: ArraySlice<JSONPath.Component>, in node: inout JSONNode, with text: String
    ) {
        guard let first = path.first else {
            node.value = .string(text)
            node.isSecret = true
            return
        }
        switch (first, node.value) {
        case (.key(let key), .object(var object)):
            node.value = .null
            object.modifyValue(forKey: key) { child in replaceString(at: path.dropFirst(), in: &child, with: text) }
            node.value = .object(object)
        case (.index(let index), .array(var items)) where items.indices.contains(index):
            node.value = .null
            replaceString(at: path.dropFirst(), in: &items[index], with: text)
            node.value = .array(items)
        default:
            break
        }
    }
}

extension Placeholder {
    /// What fills the placeholder when the app gives nothing: a route's declared name, a cache key that has a
    /// default; nil when required.
    func defaultValue(cacheKeyDefaults: [String: String]) -> String? {
        switch self {
        case .route(let name): return name
        case .cacheKey(let name): return cacheKeyDefaults[name]
        default: return nil
        }
    }
}

extension String {
    /// Substring search over UTF-8 bytes (the standard library's `contains` goes through Foundation here,
    /// which is many times slower on the hot path of scanning every string of a style).
    func utf8Contains(_ needle: String) -> Bool {
        let pattern = Array(needle.utf8)
        guard let first = pattern.first else { return true }
        let bytes = Array(utf8)
        guard bytes.count >= pattern.count else { return false }
        var index = 0
        while index <= bytes.count - pattern.count {
            if bytes[index] == first, bytes[index..<(index + pattern.count)].elementsEqual(pattern) { return true }
            index += 1
        }
        return false
    }
}
