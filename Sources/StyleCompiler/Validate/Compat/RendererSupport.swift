import StyleRuntime

/// The style specification's own table of which renderer draws what from which version (`sdk-support` in
/// v8.json), generated into `RendererSupport+Generated.swift`.
public enum RendererSupport {
    /// One capability of one specification entry, with what each renderer says of it.
    struct Row: Sendable {
        let group: String
        let name: String
        let capability: String
        let js: String?
        let android: String?
        let ios: String?

        /// What the row says of each renderer, in `Renderer.allCases` order, read once (a scan asks per use).
        private let values: [SupportValue]

        init(_ group: String, _ name: String, _ capability: String, js: String?, android: String?, ios: String?) {
            self.group = group
            self.name = name
            self.capability = capability
            self.js = js
            self.android = android
            self.ios = ios
            values = [SupportValue(js), SupportValue(android), SupportValue(ios)]
        }

        /// What the row says of `renderer`'s platform.
        func value(for renderer: Renderer) -> SupportValue {
            switch renderer {
            case .mapLibreGLJS: return values[0]
            case .mapLibreNativeAndroid: return values[1]
            case .mapLibreNativeIOS: return values[2]
            }
        }
    }

    /// The rows of each entry, by `group`, then `name`: a lookup hashes the two words as they are, with no key
    /// made for it (a scan looks up every property and every expression's operator).
    static let index: [String: [String: [Row]]] = Dictionary(grouping: rows, by: \.group).mapValues {
        Dictionary(grouping: $0, by: \.name)
    }

    /// The rows of one entry (a property of a group, a layer type as `type:<type>` of `layer`, an operator of
    /// `expression_name`).
    static func rows(group: String, name: String) -> [Row] { index[group]?[name] ?? [] }

    /// The capabilities MapLibre GL JS loads a style with and ignores, in a version that does not draw them,
    /// instead of refusing the style (measured with GL JS 5.3.0 in Chromium, `.ci/compat_check.py`): an unknown
    /// root key, a source's `volatile`, a value of `encoding` it does not know, an option of `number-format` it
    /// does not know. docs/commands.md lists them.
    static let ignoredByGLJS: Set<String> = [
        RendererProfile.key(group: "$root", name: "state", capability: "basic functionality"),
        RendererProfile.key(group: "$root", name: "font-faces", capability: "basic functionality"),
        RendererProfile.key(group: "source_vector", name: "volatile", capability: "basic functionality"),
        RendererProfile.key(group: "source_raster", name: "volatile", capability: "basic functionality"),
        RendererProfile.key(group: "source_raster_dem", name: "volatile", capability: "basic functionality"),
        RendererProfile.key(group: "source_vector", name: "encoding", capability: "mlt"),
        RendererProfile.key(group: "expression_name", name: "number-format", capability: "`unit` property"),
    ]

    /// Every group the table has (`layer`, `paint_line`, `expression_name`, ...).
    static let groups: Set<String> = Set(rows.map(\.group))

    /// The names of the entries of one group, in the table's order, each once.
    static func names(in group: String) -> [String] {
        var seen: Set<String> = []
        return rows.filter { $0.group == group && seen.insert($0.name).inserted }.map(\.name)
    }
}

/// A renderer the specification's support table names.
public enum Renderer: String, Sendable, CaseIterable, Comparable {
    /// MapLibre GL JS (the table's `js`).
    case mapLibreGLJS = "maplibre-gl-js"
    /// MapLibre Native on Android (the table's `android`).
    case mapLibreNativeAndroid = "maplibre-native-android"
    /// MapLibre Native on iOS (the table's `ios`).
    case mapLibreNativeIOS = "maplibre-native-ios"

    /// In the table's order: js, android, ios.
    public static func < (lhs: Renderer, rhs: Renderer) -> Bool {
        (allCases.firstIndex(of: lhs) ?? 0) < (allCases.firstIndex(of: rhs) ?? 0)
    }
}

/// What the table says of one capability on one renderer.
public enum SupportValue: Sendable, Equatable {
    /// Works from this version on.
    case since(RendererVersion)
    /// Does not work yet; the issue that tracks it.
    case tracked(String)
    /// Works in every version (the table says `supported` without a number).
    case supported
    /// Will not be done.
    case wontfix
    /// Not drawn, for the reason given (an own profile's `unsupported`, or not drawn by the renderer it is built on).
    case unsupported(String)
    /// The table says nothing for this renderer.
    case unknown

    init(_ text: String?) {
        guard let text else {
            self = .unknown
            return
        }
        if let version = RendererVersion(text) {
            self = .since(version)
        } else if text == "supported" {
            self = .supported
        } else if text == "wontfix" {
            self = .wontfix
        } else {
            self = .tracked(text)
        }
    }

    /// True when `version` of the renderer draws it.
    func isSupported(by version: RendererVersion) -> Bool {
        switch self {
        case .since(let first): return first <= version
        case .supported, .unknown: return true
        case .tracked, .wontfix, .unsupported: return false
        }
    }

    /// `from 5.6.0`, `not yet (https://...)`, `not planned`.
    public var wording: String {
        switch self {
        case .since(let version): return "from \(version)"
        case .tracked(let issue): return "not yet (\(issue))"
        case .supported: return "in every version"
        case .wontfix: return "not planned"
        case .unsupported(let reason): return "not drawn (\(reason))"
        case .unknown: return "not recorded"
        }
    }
}
