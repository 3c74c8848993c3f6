import Foundation
import LocatedJSON

/// The image names a sprite has, from its index (the `sprite.json` a renderer loads): a file, or a folder
/// holding `<name>.json` and `<name>@2x.json`, which must name the same images.
public struct SpriteIndex: Sendable, Equatable {
    /// Every image name, sorted.
    public let names: [String]
    let nameSet: Set<String>

    /// An index of these image names.
    public init(names: Set<String>) {
        self.nameSet = names
        self.names = names.sorted()
    }

    /// Whether the sprite has an image of this name.
    public func contains(_ name: String) -> Bool { nameSet.contains(name) }

    /// Whether some image's name starts with `prefix` (for names built with `concat`).
    public func hasName(startingWith prefix: String) -> Bool { names.contains { $0.hasPrefix(prefix) } }

    /// Reads a sprite index file, or a folder's `<name>.json` and `<name>@2x.json` (one pair; their names must
    /// agree: a name only one of them has is an error located in the other file's object).
    public static func load(path: String, inputLoader: InputLoader = InputLoader()) -> (
        index: SpriteIndex?, diagnostics: [Diagnostic]
    ) {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            let entries = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
            let oneX = entries.filter { $0.hasSuffix(".json") && !$0.hasSuffix("@2x.json") }.sorted()
            guard let first = oneX.first else {
                return (
                    nil,
                    [
                        Diagnostic(
                            .assetsSprite, "the folder holds no sprite index (<name>.json)", at: nil, fileName: path)
                    ]
                )
            }
            let base = FilePaths.join(path, first)
            let twoX = FilePaths.join(path, String(first.dropLast(".json".count)) + "@2x.json")
            let (one, oneFindings) = names(path: base, inputLoader: inputLoader)
            guard entries.contains(String(first.dropLast(".json".count)) + "@2x.json") else {
                return (one.map { SpriteIndex(names: Set($0.names.keys)) }, oneFindings)
            }
            let (two, twoFindings) = names(path: twoX, inputLoader: inputLoader)
            var findings = oneFindings + twoFindings
            if let one, let two {
                for name in Set(one.names.keys).symmetricDifference(two.names.keys).sorted() {
                    let (lacking, having) = one.names[name] == nil ? (one, two) : (two, one)
                    findings.append(
                        Diagnostic(
                            .assetsSprite,
                            "the sprite index lacks '\(name)', which \(having.file.name) has: the @1x and @2x indexes must name the same images",
                            at: lacking.file.location(of: lacking.root), path: .root))
                }
                return (findings.containsErrors ? nil : SpriteIndex(names: Set(one.names.keys)), findings)
            }
            return (nil, findings)
        }
        let (one, findings) = names(path: path, inputLoader: inputLoader)
        return (one.map { SpriteIndex(names: Set($0.names.keys)) }, findings)
    }

    private struct Loaded {
        let file: SourceFile
        let root: JSONNode
        let names: [String: JSONNode]
    }

    private static func names(path: String, inputLoader: InputLoader) -> (Loaded?, [Diagnostic]) {
        let (document, diagnostics) = StyleLoader(inputLoader: inputLoader).load(path: path)
        guard let document else { return (nil, diagnostics) }
        guard let object = document.root.objectValue else {
            return (
                nil,
                diagnostics + [
                    Diagnostic(
                        .assetsSprite, "a sprite index is an object of image names",
                        at: document.location(of: document.root),
                        path: .root)
                ]
            )
        }
        var names: [String: JSONNode] = [:]
        for member in object.members { names[member.key] = member.value }
        return (Loaded(file: document.file, root: document.root, names: names), diagnostics)
    }
}

/// The rules this file checks (registered in `RuleCatalog.all`).
extension Rule {
    static let assetsSprite = Rule(
        "assets.sprite", .error,
        summary: "A sprite index that cannot be used: not an object, missing, or @1x and @2x naming different images.",
        help:
            "Give the sprite.json the style loads (or a folder with <name>.json and <name>@2x.json naming the same images).",
        examples: [
            .triggering(
                .declarations, RuleExample.declarations(root: ["assets:", "  sprite: sprite.json"]),
                files: ["sprite.json": #"↓[1, 2]"#]),
            .passing(
                .declarations, RuleExample.declarations(root: ["assets:", "  sprite: sprite.json"]),
                files: ["sprite.json": #"{"dot": {"x": 0, "y": 0, "width": 8, "height": 8, "pixelRatio": 1}}"#]),
        ])
}
