/// A named screen to cost a view on (`--view LAT,LON,ZOOM,PRESET`, `--device PRESET`): its size in CSS pixels
/// and its device pixel ratio, as the devices report them.
public enum DevicePreset: String, Sendable, CaseIterable {
    /// A 6.1-inch phone held upright (iPhone 14 and its Android peers): 390x844 at 3 device pixels per CSS pixel.
    case phonePortrait = "phone-portrait"
    /// The same phone turned sideways: 844x390 at 3.
    case phoneLandscape = "phone-landscape"
    /// A 10.9-inch tablet held upright (iPad Air): 820x1180 at 2.
    case tabletPortrait = "tablet-portrait"
    /// A laptop browser window: 1440x900 at 2.
    case desktop

    /// The screen's width and height, in CSS pixels.
    public var size: (width: Int, height: Int) {
        switch self {
        case .phonePortrait: return (390, 844)
        case .phoneLandscape: return (844, 390)
        case .tabletPortrait: return (820, 1180)
        case .desktop: return (1440, 900)
        }
    }

    /// Device pixels per CSS pixel.
    public var pixelRatio: Double {
        switch self {
        case .phonePortrait, .phoneLandscape: return 3
        case .tabletPortrait, .desktop: return 2
        }
    }

    /// Every preset's name, for help and completion.
    public static var names: [String] { allCases.map(\.rawValue) }
}
