import LocatedJSON
import StyleRuntime

/// A renderer and version a style must work on, as written (`maplibre-gl-js 5.3.0` in `renderers:`,
/// `maplibre-gl-js@5.3.0` after `--renderer`), before its name is looked up among the profiles
/// (`RendererTarget.targets`).
public struct RendererRequirement: Sendable, Equatable {
    /// The renderer's name: one of the specification's three or an own profile's.
    public let name: String
    /// The oldest version the style must work on.
    public let version: RendererVersion
    /// Where it is written (nil on the command line).
    public let location: SourceLocation?
    /// The path of its value in its file.
    public let path: JSONPath?

    /// A requirement of `name` from `version`, written at `location` (nil on the command line).
    public init(name: String, version: RendererVersion, location: SourceLocation? = nil, path: JSONPath? = nil) {
        self.name = name
        self.version = version
        self.location = location
        self.path = path
    }

    /// A requirement as `NAME@VERSION` or `NAME VERSION` writes it, or nil when it is not that shape.
    public init?(_ text: String, location: SourceLocation? = nil, path: JSONPath? = nil) {
        guard let (name, version) = Self.parts(of: text), Self.isValidName(name) else { return nil }
        self.init(name: name, version: version, location: location, path: path)
    }

    /// The name and version `NAME@VERSION` or `NAME VERSION` gives, whatever the name; nil when it is not that shape.
    static func parts(of text: String) -> (name: String, version: RendererVersion)? {
        let parts = text.split(whereSeparator: { $0 == "@" || $0 == " " })
        guard parts.count == 2, let version = RendererVersion(String(parts[1])) else { return nil }
        return (String(parts[0]), version)
    }

    /// Lower-case letters, digits, `.` and `-`, starting with a letter: a renderer's name.
    static func isValidName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, ("a"..."z").contains(first), name.utf8.count <= 64 else {
            return false
        }
        return name.unicodeScalars.allSatisfy {
            ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" || $0 == "."
        }
    }
}
