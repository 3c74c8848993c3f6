import LocatedJSON
import StyleRuntime
import StyleSpec
import YAMLReader

/// Reads a renderer profile file: what a team measured of its own renderer, in the support table's shape, with
/// every mistake located (`renderer.profile`):
///
/// ```yaml
/// version: 1
/// name: tomtom-orbis-android               # the name renderers: and --renderer use
/// builtOn: maplibre-native-android 11.0.0  # optional: what the profile does not list is judged by it
/// support:
///   layer:                                 # a group of the table: layer, paint_line, expression_name, ...
///     type:color-relief: unsupported        # a version of this renderer, supported, unsupported or an issue URL
///   paint_line:
///     line-dasharray: {data-driven styling: 1.4.0}   # a capability other than basic functionality
/// ```
public struct RendererProfileLoader {
    /// Reads the profile files, with the size limit.
    public var inputLoader: InputLoader

    /// A loader reading with `inputLoader`.
    public init(inputLoader: InputLoader = InputLoader()) {
        self.inputLoader = inputLoader
    }

    /// The profile a declarations or configuration file names at `location` (`jsonPath`): as `load(path:displayName:)`,
    /// but a file that cannot be read is reported where it is named, as `what` ('rendererProfiles[0]').
    func load(path: String, displayName: String, namedAt location: SourceLocation?, jsonPath: JSONPath, what: String)
        -> (profile: RendererProfile?, diagnostics: [Diagnostic])
    {
        let (profile, found) = load(path: path, displayName: displayName)
        let placed = found.map { diagnostic in
            guard diagnostic.rule == Rule.ioRead.id, let location else { return diagnostic }
            return diagnostic.moved(to: location, path: jsonPath, message: "\(what): \(diagnostic.message)")
        }
        return (profile, placed)
    }

    /// The profile in the file at `path` (nil when it has errors: a half-read profile would judge another
    /// renderer), and its findings. Findings name the file `displayName` (by default `path`).
    public func load(path: String, displayName: String? = nil) -> (profile: RendererProfile?, diagnostics: [Diagnostic])
    {
        let file: SourceFile
        do { file = try inputLoader.load(path: path, displayName: displayName) } catch {
            return (nil, [error.diagnostic])
        }
        return profile(in: file)
    }

    /// The profile the text of `file` holds, as `load(path:displayName:)` reads it (a shipped profile's text, too).
    func profile(in file: SourceFile) -> (profile: RendererProfile?, diagnostics: [Diagnostic]) {
        let root: JSONNode
        do { root = try YAMLReader().read(file) } catch { return (nil, [Diagnostic(error)]) }
        var reading = ProfileReading(file: file)
        let profile = reading.profile(root)
        return (reading.diagnostics.containsErrors ? nil : profile, reading.diagnostics.sortedByPlace())
    }
}

/// One reading of a profile tree: the findings so far.
private struct ProfileReading {
    let file: SourceFile
    var diagnostics: [Diagnostic] = []

    static let keys = ["version", "name", "builtOn", "support"]

    mutating func profile(_ root: JSONNode) -> RendererProfile? {
        guard let object = root.objectValue else {
            fail(root, .root, "a renderer profile is a mapping with version, name, builtOn and support")
            return nil
        }
        for member in object.members where !Self.keys.contains(member.key) {
            failAtKey(
                member, JSONPath([.key(member.key)]),
                "'\(member.key)' is not a profile key (\(Self.keys.joined(separator: ", ")))"
                    + Suggestion.didYouMean(member.key, among: Self.keys))
        }
        if object["version"]?.stringValue != "1" {
            fail(object["version"] ?? root, JSONPath([.key("version")]), "a renderer profile has version: 1")
        }
        let name = object["name"]?.stringValue ?? ""
        if !RendererRequirement.isValidName(name) {
            fail(
                object["name"] ?? root, JSONPath([.key("name")]),
                "name is the renderer's name: lower-case letters, digits, '.' and '-' (such as tomtom-orbis-android)")
        } else if let builtIn = Renderer(rawValue: name) {
            fail(
                object["name"] ?? root, JSONPath([.key("name")]),
                "'\(builtIn.rawValue)' is the specification's own profile: give yours another name")
        }
        var builtOn: (renderer: Renderer, version: RendererVersion)?
        if let node = object["builtOn"], node.value != .null {
            let names = Renderer.allCases.map(\.rawValue)
            if let text = node.stringValue, let (base, version) = RendererRequirement.parts(of: text),
                let renderer = Renderer(rawValue: base)
            {
                builtOn = (renderer, version)
            } else {
                let given = node.stringValue.flatMap { RendererRequirement.parts(of: $0)?.name } ?? ""
                fail(
                    node, JSONPath([.key("builtOn")]),
                    "builtOn is one of \(names.joined(separator: ", ")) and a version, such as maplibre-native-android 11.0.0"
                        + Suggestion.didYouMean(given, among: names))
            }
        }
        var entries: [String: SupportValue] = [:]
        if let support = object["support"], support.value != .null {
            entries = self.support(support)
        }
        return RendererProfile(name: name, builtOn: builtOn, entries: entries, file: file.name)
    }

    private mutating func support(_ node: JSONNode) -> [String: SupportValue] {
        let path = JSONPath([.key("support")])
        guard let groups = node.objectValue?.members else {
            fail(node, path, "support is a mapping of the table's groups (layer, paint_line, expression_name, ...)")
            return [:]
        }
        var entries: [String: SupportValue] = [:]
        for group in groups {
            let groupPath = path.appending(group.key)
            guard RendererSupport.groups.contains(group.key) else {
                failAtKey(
                    group, groupPath,
                    "the support table has no group '\(group.key)'"
                        + Suggestion.didYouMean(group.key, among: RendererSupport.groups.sorted()))
                continue
            }
            guard let names = group.value.objectValue?.members else {
                fail(group.value, groupPath, "a group is a mapping of its entries' names")
                continue
            }
            for entry in names {
                let entryPath = groupPath.appending(entry.key)
                let rows = RendererSupport.rows(group: group.key, name: entry.key)
                guard !rows.isEmpty else {
                    let known = RendererSupport.names(in: group.key)
                    failAtKey(
                        entry, entryPath,
                        "the support table's group \(group.key) has no entry '\(entry.key)'"
                            + Suggestion.didYouMean(entry.key, among: known))
                    continue
                }
                let capabilities = rows.map(\.capability)
                // A capability is written as the table words it, without its Markdown link and backticks
                // (`global-state expression`); the table's own text is taken too.
                let written = capabilities.map { $0.plainCapability.replacing("`", with: "") }
                if let members = entry.value.objectValue?.members {
                    for member in members {
                        guard
                            let capability = capabilities.indices.first(where: {
                                capabilities[$0] == member.key || written[$0] == member.key
                            }).map({ capabilities[$0] })
                        else {
                            failAtKey(
                                member, entryPath.appending(member.key),
                                "\(group.key) '\(entry.key)' has no capability '\(member.key)' (it has \(written.joined(separator: ", ")))"
                                    + Suggestion.didYouMean(member.key, among: written))
                            continue
                        }
                        if let value = value(member.value, path: entryPath.appending(member.key)) {
                            entries[RendererProfile.key(group: group.key, name: entry.key, capability: capability)] =
                                value
                        }
                    }
                } else if let value = value(entry.value, path: entryPath) {
                    entries[RendererProfile.key(group: group.key, name: entry.key, capability: "basic functionality")] =
                        value
                }
            }
        }
        return entries
    }

    /// A version, `supported`, `unsupported` or an issue's https URL.
    private mutating func value(_ node: JSONNode, path: JSONPath) -> SupportValue? {
        let text = node.stringValue ?? ""
        if let version = RendererVersion(text) { return .since(version) }
        switch text {
        case "supported": return .supported
        case "unsupported": return .unsupported("\(file.name) says so")
        default:
            if text.hasPrefix("https://"), !text.contains(where: { $0 == " " }) { return .tracked(text) }
            fail(
                node, path,
                "give the first version of this renderer that draws it (1.4.0), supported, unsupported, or the https URL of the issue that tracks it"
            )
            return nil
        }
    }

    private mutating func fail(_ node: JSONNode, _ path: JSONPath, _ message: String) {
        diagnostics.append(Diagnostic(.rendererProfile, message, at: file.location(of: node), path: path))
    }

    private mutating func failAtKey(_ member: JSONMember, _ path: JSONPath, _ message: String) {
        diagnostics.append(
            Diagnostic(
                .rendererProfile, message, at: file.keyLocation(of: member) ?? file.location(of: member.value),
                path: path))
    }
}
