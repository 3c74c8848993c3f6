import Foundation
import LocatedJSON

/// The fonts a glyph server has: a JSON array of font names, or a glyphs folder laid out
/// `<font>/<range>.pbf` (the ranges it has are then known too, 256 code points each: `0-255.pbf`, ...).
public struct FontCatalog: Sendable, Equatable {
    /// Every font name, sorted.
    public let names: [String]
    /// Font name -> the first code point of each 256-code-point range it has; nil when unknown (a name list).
    public let ranges: [String: Set<Int>]?
    /// The ranges (first code points) whose presence `ranges` tells; nil for every range (a glyphs folder holds
    /// all a font has). A lock holds only the ranges `fetch-base` asked for: any other range is unknown.
    public let checkedRanges: Set<Int>?

    /// Fonts by name, and the 256-code-point glyph ranges each has, when known (from a glyphs folder), of those
    /// in `checkedRanges` when only some were looked at.
    public init(names: Set<String>, ranges: [String: Set<Int>]? = nil, checkedRanges: Set<Int>? = nil) {
        self.names = names.sorted()
        self.ranges = ranges
        self.checkedRanges = checkedRanges
    }

    /// True when the glyph server has the font.
    public func contains(_ font: String) -> Bool { names.contains(font) }

    /// Reads a JSON array of names, or a glyphs folder.
    public static func load(path: String, inputLoader: InputLoader = InputLoader()) -> (
        catalog: FontCatalog?, diagnostics: [Diagnostic]
    ) {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            let fonts = ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).filter { name in
                var folder: ObjCBool = false
                return FileManager.default.fileExists(atPath: FilePaths.join(path, name), isDirectory: &folder)
                    && folder.boolValue
            }
            guard !fonts.isEmpty else {
                return (
                    nil,
                    [
                        Diagnostic(
                            .assetsFonts, "the glyphs folder holds no font folders (<font>/<range>.pbf)", at: nil,
                            fileName: path)
                    ]
                )
            }
            var ranges: [String: Set<Int>] = [:]
            for font in fonts {
                let files = (try? FileManager.default.contentsOfDirectory(atPath: FilePaths.join(path, font))) ?? []
                ranges[font] = Set(
                    files.compactMap { file in
                        guard file.hasSuffix(".pbf"), let dash = file.firstIndex(of: "-") else { return nil }
                        return Int(file[..<dash])
                    })
            }
            return (FontCatalog(names: Set(fonts), ranges: ranges), [])
        }
        let (document, diagnostics) = StyleLoader(inputLoader: inputLoader).load(path: path)
        guard let document else { return (nil, diagnostics) }
        guard let items = document.root.arrayValue, items.allSatisfy({ $0.stringValue != nil }) else {
            return (
                nil,
                diagnostics + [
                    Diagnostic(
                        .assetsFonts, "a font list is a JSON array of font names",
                        at: document.location(of: document.root),
                        path: .root)
                ]
            )
        }
        return (FontCatalog(names: Set(items.compactMap(\.stringValue))), diagnostics)
    }
}

/// The rules this file checks (registered in `RuleCatalog.all`).
extension Rule {
    static let assetsFonts = Rule(
        "assets.fonts", .error,
        summary: "A font list or glyphs folder that cannot be used.",
        help: "Give a JSON array of font names, or a glyphs folder laid out <font>/<range>.pbf.",
        examples: [
            .triggering(
                .declarations, RuleExample.declarations(root: ["assets:", "  fonts: fonts.json"]),
                files: ["fonts.json": #"↓{"not": "a list"}"#]),
            .passing(
                .declarations, RuleExample.declarations(root: ["assets:", "  fonts: fonts.json"]),
                files: ["fonts.json": #"["Noto-Bold"]"#]),
        ])
}
