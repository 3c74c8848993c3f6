import LocatedJSON
import StyleMath
import StyleSpec

/// Decodes `views:` (already typed against `DeclarationSchema.view`) and checks what the schema cannot: names that
/// can name files and are unique, a centre on the Web Mercator map, and variants the declarations have.
enum SnapshotViewDecoder {
    /// The views, each with its findings reported; `variants` are the `bases:` names (nil for a single `base:`,
    /// whose one variant has no name to give).
    static func decode(
        _ nodes: [JSONNode], variants: [String]?, in files: any SourceLocator, into diagnostics: inout [Diagnostic]
    ) -> [SnapshotView] {
        var views: [SnapshotView] = []
        var seen: Set<String> = []
        for (index, node) in nodes.enumerated() {
            let path = JSONPath([.key("views"), .index(index)])
            guard let object = node.objectValue, let name = object["name"]?.stringValue,
                let center = object["center"]?.arrayValue?.compactMap({ $0.numberValue?.doubleValue }),
                center.count == 2, let zoom = object["zoom"]?.numberValue?.doubleValue
            else { continue }
            var valid = true
            func report(_ message: String, at node: JSONNode?, _ path: JSONPath) {
                diagnostics.append(Diagnostic(.declViews, message, at: files.location(of: node), path: path))
                valid = false
            }
            if let problem = BaseVariant.nameProblem(name, of: "view", naming: "pictures") {
                report(problem, at: object["name"], path.appending("name"))
            } else if !seen.insert(name).inserted {
                report("a view named '\(name)' is declared already", at: object["name"], path.appending("name"))
            }
            let limit = MapConstants.mercatorLatitudeLimit
            if !(-180...180).contains(center[0]) {
                report(
                    "longitude \(JSONNumber(center[0]).text) is outside -180..180", at: object["center"]?[0],
                    path.appending("center").appending(0))
            }
            if !(-limit...limit).contains(center[1]) {
                report(
                    "latitude \(JSONNumber(center[1]).text) is outside the Web Mercator map (-85.0511..85.0511)",
                    at: object["center"]?[1], path.appending("center").appending(1))
            }
            let wanted = object["variants"]?.arrayValue ?? []
            for (position, entry) in wanted.enumerated() {
                guard let variant = entry.stringValue else { continue }
                let known = variants ?? []
                if !known.contains(variant) {
                    let have =
                        variants == nil
                        ? "the declarations give a single base; name variants with bases: {light: FILE, ...}"
                        : "the declarations have \(known.joined(separator: ", "))"
                    report(
                        "no variant '\(variant)' (\(have))\(Suggestion.didYouMean(variant, among: known))", at: entry,
                        path.appending("variants").appending(position))
                }
            }
            let size = object["size"]?.arrayValue?.compactMap { $0.numberValue?.intValue }
            guard valid else { continue }
            views.append(
                SnapshotView(
                    name: name, center: (center[0], center[1]), zoom: zoom,
                    size: size.map { ($0[0], $0[1]) } ?? SnapshotView.defaultSize,
                    variants: wanted.compactMap(\.stringValue),
                    bearing: object["bearing"]?.numberValue?.doubleValue ?? 0,
                    pitch: object["pitch"]?.numberValue?.doubleValue ?? 0, location: files.location(of: node)))
        }
        return views
    }
}

/// The rules this file checks (registered in `RuleCatalog.all`).
extension Rule {
    static let declViews = Rule(
        "decl.views", .error,
        summary:
            "A view's name cannot name a picture or is taken, its centre is off the map, or it names a variant the declarations lack.",
        help:
            "Give each view a unique name of letters, digits, '-' and '_', a centre [longitude, latitude] on the map, and variants from bases:.",
        examples: [
            .triggering(
                .declarations,
                #"""
                version: 1
                bases: {light: base.json, dark: base.json}
                sources: []
                views:
                  - {name: tokyo, center: [139.76, 35.68], zoom: 11, variants: [↓night]}
                """#),
            .passing(
                .declarations,
                #"""
                version: 1
                bases: {light: base.json, dark: base.json}
                sources: []
                views:
                  - {name: tokyo, center: [139.76, 35.68], zoom: 11, variants: [dark]}
                """#),
        ])
}
