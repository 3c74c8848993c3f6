import Foundation
import TestSupport

@testable import StyleCompiler

/// Inputs with findings of every shape, and findings rendered with everything that must stay the same (place,
/// path, layer id, related places), for tests that compare two ways of validating.
enum FindingsFixtures {
    static func rendered(_ diagnostics: [Diagnostic]) -> [String] {
        diagnostics.map { diagnostic in
            let related = diagnostic.related.map {
                "\($0.message)@\($0.location.position.line):\($0.location.position.column)"
            }
            return
                "\(diagnostic) path=\(diagnostic.path?.mapLibreNotation ?? "-") layer=\(diagnostic.layerID ?? "-") related=\(related)"
        }
    }

    /// A declarations file composing `sources` (id, placement in YAML) onto `base`.
    static func declarations(in folder: URL, name: String, base: String, target: String, sources: [(String, String)])
        throws -> String
    {
        var text = "version: 1\ntarget: \(target)\nbase: \(base)\nsources:\n"
        for (id, placement) in sources {
            text +=
                "  - id: \(id)\n    urlTemplate: https://tiles.example.com/\(id)/{z}/{x}/{y}.png\n    placement: \(placement)\n"
        }
        let url = folder.appendingPathComponent(name)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    /// A base with a related place, a path into an array, a `ref` layer, an invalid value and a duplicate id.
    static let findingsBase = """
        {"version": 8, "sources": {"v": {"type": "vector", "url": "https://example.com/v.json"}},
         "layers": [
          {"id": "water", "type": "fill", "source": "v", "source-layer": "water", "paint": {"fill-colour": "red", "fill-opacity": 2}},
          {"id": "water", "type": "fill", "source": "v", "source-layer": "water",
           "paint": {"fill-color": ["interpolate", ["linear"], ["zoom"], 5, "nope", 10, "blue"]}},
          {"id": "road", "type": "line", "source": "v", "source-layer": "road", "filter": ["==", "class"], "layout": {"line-cap": "pointy"}},
          {"id": "road-copy", "ref": "road", "paint": {"line-width": -1}},
          {"id": "clean", "type": "line", "source": "v", "source-layer": "road", "paint": {"line-width": 2}}
         ]}
        """
}
