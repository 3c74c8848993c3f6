import LocatedJSON
import StyleRuntime

/// The JSON Schema (draft 2020-12) of `manifest.json`, format 4: the contract an app's run-time code reads
/// (`StyleRuntime` on iOS, the algorithm of docs/app-integration.md elsewhere). Objects are closed (`additionalProperties:
/// false`) so that CI, validating every committed manifest against it, fails when the writer and the schema
/// drift apart.
public enum ManifestJSONSchema {
    /// The schema's `$id`, which names the manifest's format version.
    public static let identifier = "https://mapconductor.com/schemas/mc-style/manifest-\(ManifestFormat.version).json"

    /// The schema document.
    public static func document() -> JSONNode {
        // The text is this module's own constant: it always parses.
        (try? JSONParser().parse(text, name: "manifest schema").root) ?? .null
    }

    static let text = """
        {
          "$schema": "https://json-schema.org/draft/2020-12/schema",
          "$id": "\(identifier)",
          "title": "mc-style compiled-output manifest",
          "type": "object",
          "additionalProperties": false,
          "required": ["format", "formatVersion", "generator", "target", "platforms", "inputs", "variants", "sources"],
          "properties": {
            "format": {"const": "\(ManifestFormat.name)"},
            "formatVersion": {"const": \(ManifestFormat.version)},
            "generator": {"type": "object", "additionalProperties": false, "required": ["name", "version"],
              "properties": {"name": {"const": "mc-style"}, "version": {"type": "string"}}},
            "target": {"enum": ["tomtom", "maplibre"]},
            "platforms": {"type": "array", "minItems": 1, "uniqueItems": true, "items": {"enum": ["ios", "android"]}},
            "renderers": {"type": "array", "minItems": 1, "items": {"type": "object", "additionalProperties": false,
              "required": ["name", "version", "minimum"],
              "properties": {"name": {"type": "string", "pattern": "^[a-z][a-z0-9.-]{0,63}$"}, "version": {"$ref": "#/$defs/rendererVersion"},
                "minimum": {"oneOf": [{"$ref": "#/$defs/rendererVersion"}, {"type": "null"}]}, "undrawn": {"type": "integer", "minimum": 1}}}},
            "inputs": {"type": "array", "items": {"type": "object", "additionalProperties": false, "required": ["path", "role", "sha256"],
              "properties": {"path": {"type": "string"}, "role": {"enum": ["declarations", "include", "base", "vectorStyle", "rules"]}, "variant": {"$ref": "#/$defs/variantName"},
                "sha256": {"$ref": "#/$defs/sha256"}}}},
            "variants": {"type": "array", "minItems": 1, "items": {"$ref": "#/$defs/variant"}},
            "sources": {"type": "array", "items": {"$ref": "#/$defs/source"}},
            "vectorStyles": {"type": "array", "minItems": 1, "items": {"$ref": "#/$defs/vectorStyle"}}
          },
          "$defs": {
            "rendererVersion": {"type": "string", "pattern": "^[0-9]{1,9}(\\\\.[0-9]{1,9}){0,3}$"},
            "variantName": {"type": "string", "pattern": "^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$"},
            "variant": {
              "type": "object", "additionalProperties": false, "required": ["name", "style", "placeholders", "layers"],
              "properties": {
                "name": {"$ref": "#/$defs/variantName"},
                "style": {"type": "object", "additionalProperties": false, "required": ["path", "sha256", "layers", "sources"],
                  "properties": {"path": {"$ref": "#/$defs/relativePath"}, "sha256": {"$ref": "#/$defs/sha256"},
                    "layers": {"type": "integer", "minimum": 0}, "sources": {"type": "integer", "minimum": 0}}},
                "layerMapping": {"type": "object", "additionalProperties": false, "required": ["path", "sha256"],
                  "properties": {"path": {"$ref": "#/$defs/relativePath"}, "sha256": {"$ref": "#/$defs/sha256"}}},
                "placeholders": {"type": "array", "items": {"$ref": "#/$defs/placeholder"}},
                "filledAtBuild": {"type": "array", "items": {"$ref": "#/$defs/tokenPointers"}},
                "leftAsIs": {"type": "array", "items": {"allOf": [{"$ref": "#/$defs/tokenPointers"}, {"required": ["why"]}]}},
                "tileSizes": {"type": "array", "items": {"type": "object", "additionalProperties": false, "required": ["pointer", "declared"],
                  "properties": {"pointer": {"$ref": "#/$defs/pointer"}, "declared": {"type": "integer", "minimum": 1}}}},
                "layers": {"type": "array", "items": {"type": "object", "additionalProperties": false, "required": ["source", "index", "opacity", "visibility"],
                  "properties": {"source": {"type": "string"}, "index": {"type": "integer", "minimum": 0}, "opacity": {"$ref": "#/$defs/pointer"},
                    "visibility": {"$ref": "#/$defs/pointer"},
                    "parts": {"type": "array", "items": {"type": "object", "additionalProperties": false, "required": ["index", "opacity", "visibility"],
                      "properties": {"index": {"type": "integer", "minimum": 0}, "opacity": {"$ref": "#/$defs/pointer"},
                        "visibility": {"$ref": "#/$defs/pointer"}}}}}}}
              }
            },
            "vectorStyle": {
              "type": "object", "additionalProperties": false, "required": ["source", "route", "tileSize", "ground", "labels", "attribution"],
              "properties": {
                "source": {"type": "string", "minLength": 1, "maxLength": 128},
                "style": {"type": "object", "additionalProperties": false, "required": ["path", "sha256", "declared"],
                  "properties": {"path": {"$ref": "#/$defs/relativePath"}, "sha256": {"$ref": "#/$defs/sha256"}, "declared": {"type": "string"}}},
                "route": {"$ref": "#/$defs/segment"},
                "tileSize": {"enum": [\(VectorStyleAddress.tileSizes.map(String.init).joined(separator: ", "))]},
                "ground": {"$ref": "#/$defs/vectorStyleLayer"},
                "labels": {"$ref": "#/$defs/vectorStyleLayer"},
                "attribution": {"type": "array", "items": {"type": "string"}}
              }
            },
            "vectorStyleLayer": {
              "type": "object", "additionalProperties": false,
              "required": ["source", "styleSourceId", "styleLayerId", "route", "cacheKey", "cacheKeyProtocol"],
              "properties": {"source": {"type": "string"}, "styleSourceId": {"type": "string"}, "styleLayerId": {"type": "string"},
                "route": {"$ref": "#/$defs/segment"}, "cacheKey": {"$ref": "#/$defs/segment"},
                "cacheKeyProtocol": {"enum": ["fixed", "glyphGeneration"]}}
            },
            "sha256": {"type": "string", "pattern": "^[0-9a-f]{64}$"},
            "relativePath": {"type": "string", "pattern": "^(?!/)(?!.*(^|/)\\\\.{1,2}(/|$))[^\\\\\\\\]+$"},
            "pointer": {"type": "string", "pattern": "^(/([^~]|~[01])*)*$"},
            "segment": {"type": "string", "pattern": "^[A-Za-z0-9._-]{1,128}$"},
            "placeholder": {
              "type": "object", "additionalProperties": false, "required": ["token", "fill", "pointers"],
              "properties": {
                "token": {"type": "string", "pattern": "^(\\\\{(key|localTileServer|route:[A-Za-z0-9._-]+|cacheKey:[A-Za-z0-9._-]+)\\\\}|\\\\$\\\\{[A-Za-z0-9_]+\\\\})$"},
                "fill": {"enum": ["apiKey", "localTileServer", "route", "cacheKey", "environment"]},
                "name": {"$ref": "#/$defs/segment"},
                "default": {"$ref": "#/$defs/segment"},
                "mayBeEmpty": {"const": true},
                "pointers": {"type": "array", "minItems": 1, "items": {"$ref": "#/$defs/pointer"}}
              },
              "allOf": [
                {"if": {"properties": {"fill": {"enum": ["route", "cacheKey", "environment"]}}}, "then": {"required": ["name"]}, "else": {"not": {"required": ["name"]}}}
              ]
            },
            "tokenPointers": {
              "type": "object", "additionalProperties": false, "required": ["token", "pointers"],
              "properties": {"token": {"const": "{key}"}, "why": {"type": "string"},
                "pointers": {"type": "array", "minItems": 1, "items": {"$ref": "#/$defs/pointer"}}}
            },
            "zoomPair": {"type": "array", "minItems": 2, "maxItems": 2, "items": {"type": ["number", "null"]}},
            "bounds": {"type": "array", "minItems": 4, "maxItems": 4, "items": {"type": "number"}},
            "source": {
              "type": "object", "additionalProperties": false,
              "required": ["id", "kind", "styleSourceId", "styleLayerId", "tileSize", "tileZoom", "attribution", "opacity", "visible", "zIndex",
                           "pixelRatios", "warnings"],
              "properties": {
                "id": {"type": "string", "minLength": 1, "maxLength": 128},
                "kind": {"enum": [\(SourceKind.keywords.map { "\"\($0)\"" }.joined(separator: ", "))]},
                "styleSourceId": {"type": "string"},
                "styleLayerId": {"type": "string"},
                "eastPart": {"type": "object", "additionalProperties": false, "required": ["styleSourceId", "styleLayerId"],
                  "properties": {"styleSourceId": {"type": "string"}, "styleLayerId": {"type": "string"}}},
                "tiles": {"type": "string"},
                "tileJson": {"$ref": "#/$defs/relativePath"},
                "vectorStyle": {"type": "object", "additionalProperties": false, "required": ["source", "layer"],
                  "properties": {"source": {"type": "string"}, "layer": {"enum": ["ground", "labels"]}}},
                "remoteTileJson": {"type": "string"},
                "localTileServer": {"type": "object", "additionalProperties": false, "required": ["route", "cacheKey", "cacheKeyFilled"],
                  "properties": {"route": {"$ref": "#/$defs/segment"}, "cacheKey": {"oneOf": [{"$ref": "#/$defs/segment"}, {"type": "null"}]},
                    "cacheKeyFilled": {"enum": ["build", "runTime"]}}},
                "tileSize": {"type": "object", "additionalProperties": false, "required": ["declared", "emitted"],
                  "properties": {"declared": {"type": "integer", "minimum": 1}, "emitted": {"type": "integer", "minimum": 1}}},
                "tileZoom": {"type": "object", "additionalProperties": false, "required": ["min", "max"],
                  "properties": {"min": {"type": ["integer", "null"]}, "max": {"type": ["integer", "null"]}}},
                "visibleZoom": {"type": "object", "additionalProperties": false, "required": ["unified"],
                  "properties": {"unified": {"$ref": "#/$defs/zoomPair"}, "native": {"$ref": "#/$defs/zoomPair"},
                    "calibrationLatitude": {"type": "number"}, "latitudeFrom": {"enum": ["calibrationLatitude", "bounds", "default"]}}},
                "bounds": {"$ref": "#/$defs/bounds"},
                "tileCounts": {"type": "array", "items": {"type": "object", "additionalProperties": false, "required": ["zoom", "tiles"],
                  "properties": {"zoom": {"type": "integer"}, "tiles": {"type": "integer", "minimum": 0}}}},
                "attribution": {"type": "array", "items": {"type": "object", "additionalProperties": false, "required": ["text"],
                  "properties": {"text": {"type": "string"}, "minZoom": {"type": "number"}, "maxZoom": {"type": "number"}, "bounds": {"$ref": "#/$defs/bounds"}}}},
                "opacity": {"type": "number", "minimum": 0, "maximum": 1},
                "visible": {"type": "boolean"},
                "zIndex": {"type": "integer"},
                "pixelRatios": {"type": "array", "items": {"type": "integer", "minimum": 1, "maximum": 3}},
                "warnings": {"type": "array", "items": {"type": "string"}}
              }
            }
          }
        }
        """
}
