import StyleRuntime

/// Which TomTom hosted base style to fetch, and the URL for it: built from a map design, a version pattern and
/// modules as MapConductor's run-time composer builds it (`style/1/style/<version>?key=…&map=gosdk/<design>&
/// traffic_incidents=gosdk/incidents_<light|dark>…`), or any URL given.
public struct BaseStyleRequest: Sendable, Equatable {
    /// TomTom's style modules and the value each takes for a light or a dark design.
    public static let modules: [String: (light: String, dark: String)] = [
        "traffic_incidents": ("gosdk/incidents_light", "gosdk/incidents_dark"),
        "traffic_flow": ("gosdk/flow_relative-light", "gosdk/flow_relative-dark"),
        "hillshade": ("2-test/hillshade_dem-light", "2-test/hillshade_dem-dark"),
    ]

    /// TomTom's map designs (GUIDE.md 2.14).
    public static let designs = [
        "basic_street-light", "basic_street-dark", "basic_street-light-driving", "basic_street-dark-driving",
        "basic_mono-light", "basic_mono-dark", "basic_street-satellite",
    ]

    /// The TomTom map design (`basic_street-light`, ...); nil for the default.
    public var design: String?
    /// The style version pattern (`25.2.*`); nil for the default.
    public var versionPattern: String?
    /// The style modules to include (`traffic_incidents`, `traffic_flow`, `hillshade`).
    public var moduleNames: [String]
    /// A URL given instead of a design (it may hold `{key}`).
    public var url: String?
    /// Where TomTom's API is (a mirror or a test server may stand in).
    public var origin: String
    /// TomTom's API origin, where a request goes unless told otherwise.
    public static let tomTomOrigin = "https://api.tomtom.com"

    /// A request for a TomTom hosted style, or for `url`.
    public init(
        design: String? = nil, versionPattern: String? = nil, modules: [String] = [], url: String? = nil,
        origin: String = BaseStyleRequest.tomTomOrigin
    ) {
        self.design = design
        self.versionPattern = versionPattern
        self.moduleNames = modules
        self.url = url
        self.origin = origin
    }

    /// Requests are equal when they ask for the same style.
    public static func == (lhs: BaseStyleRequest, rhs: BaseStyleRequest) -> Bool {
        lhs.design == rhs.design && lhs.versionPattern == rhs.versionPattern && lhs.moduleNames == rhs.moduleNames
            && lhs.url == rhs.url
            && lhs.origin == rhs.origin
    }

    /// The URL with `{key}` where the key goes (never the key itself: this is what outputs and the lock show).
    public var displayURL: String {
        if let url { return url }
        let design = design ?? "basic_street-light"
        let dark = design.contains("dark")
        var query = ["key={key}", "map=gosdk/\(design)"]
        for name in moduleNames {
            if let values = Self.modules[name] { query.append("\(name)=\(dark ? values.dark : values.light)") }
        }
        return "\(origin)/style/1/style/\(versionPattern ?? "25.2.*")?" + query.joined(separator: "&")
    }

    /// The URL to request: `{key}` filled (percent-encoded) when a key is given, else left out.
    public func requestURL(key: String?) -> String { Self.filling(displayURL, key: key) }

    /// `url` with `{key}` filled (percent-encoded) when a key is given, else with its `key={key}` parameter left out.
    public static func filling(_ url: String, key: String?) -> String {
        guard let key else {
            return url.replacing("key={key}&", with: "").replacing("?key={key}", with: "").replacing(
                "&key={key}", with: "")
        }
        return url.replacing("{key}", with: PercentEncoding.string(key))
    }
}
