import StyleRuntime

/// What is known of one renderer's support, capability by capability: one of the specification's three columns
/// (`maplibre-gl-js`, `maplibre-native-android`, `maplibre-native-ios`), or a team's own profile file
/// (`RendererProfileLoader`), such as one for the TomTom SDK version an app ships.
///
/// An own profile lists entries in the support table's shape (group, name, capability) with the version of its
/// renderer that draws each, `supported`, `unsupported` or an issue URL. An entry it does not list is judged by
/// the renderer it is built on, at that renderer's version (`builtOn`), or, without one, taken as drawn (as
/// the table's own unrecorded entries are).
public struct RendererProfile: Sendable, Equatable {
    /// The renderer's name, as `--renderer` and `renderers:` name it.
    public let name: String
    /// The specification's column, for the three built-in profiles.
    public let column: Renderer?
    /// The renderer an own profile is built on, at a version: what it does not list is judged by that.
    public let builtOn: (renderer: Renderer, version: RendererVersion)?
    /// An own profile's entries: `group`, `name` and `capability` (joined by U+0001) -> what it says.
    let entries: [String: SupportValue]
    /// The file an own profile was read from.
    public let file: String?
    /// The entry names an own profile lists: a row of any other name needs no key made to be looked up (a scan
    /// asks for every property and operator of a style).
    private let listedNames: Set<String>

    /// The built-in profile of one of the specification's columns.
    public init(column: Renderer) {
        name = column.rawValue
        self.column = column
        builtOn = nil
        entries = [:]
        file = nil
        listedNames = []
    }

    /// An own profile (see the type's description).
    init(
        name: String, builtOn: (renderer: Renderer, version: RendererVersion)?, entries: [String: SupportValue],
        file: String
    ) {
        self.name = name
        column = nil
        self.builtOn = builtOn
        self.entries = entries
        self.file = file
        listedNames = Set(entries.keys.compactMap { $0.split(separator: "\u{1}").dropFirst().first.map(String.init) })
    }

    /// The name of the shipped profile of MapConductor's vector tile rasteriser (`mapConductorVectorTile`), as
    /// `--renderer` and `renderers:` name it: a style that must work on it is checked for what it needs too
    /// (`RasteriserRules.swift`).
    public static let mapConductorVectorTileName = "mapconductor-vectortile"

    /// The three columns of the specification's table, in its order.
    public static let builtIns = Renderer.allCases.map(RendererProfile.init(column:))

    /// The key of one capability of one entry.
    static func key(group: String, name: String, capability: String) -> String {
        "\(group)\u{1}\(name)\u{1}\(capability)"
    }

    /// What the profile says of one row of the table.
    func support(of row: RendererSupport.Row) -> SupportValue {
        if let column { return row.value(for: column) }
        if listedNames.contains(row.name),
            let own = entries[Self.key(group: row.group, name: row.name, capability: row.capability)]
        {
            return own
        }
        guard let builtOn else { return .unknown }
        return row.value(for: builtOn.renderer).isSupported(by: builtOn.version)
            ? .supported
            : .unsupported("\(builtOn.renderer.rawValue) \(builtOn.version), which it is built on, does not draw it")
    }

    /// Profiles are equal when their names, columns, bases and entries are.
    public static func == (lhs: RendererProfile, rhs: RendererProfile) -> Bool {
        lhs.name == rhs.name && lhs.column == rhs.column && lhs.entries == rhs.entries && lhs.file == rhs.file
            && lhs.builtOn?.renderer == rhs.builtOn?.renderer && lhs.builtOn?.version == rhs.builtOn?.version
    }
}
