import LocatedJSON

/// A place to take a picture of the composed map (`views:` in the declarations), for `mc-style snapshot`.
public struct SnapshotView: Sendable, Equatable {
    /// The view's name: letters, digits, `-` and `_` (it names the picture, `<view>.<variant>.png`).
    public var name: String
    /// The map's centre: longitude and latitude, in degrees.
    public var center: (longitude: Double, latitude: Double)
    /// MapConductor's unified camera zoom (Google-equivalent), as the app's camera would be set.
    public var zoom: Double
    /// The picture's width and height, in CSS pixels.
    public var size: (width: Int, height: Int)
    /// The variants to take it in, by name; empty: every variant.
    public var variants: [String]
    /// The camera's bearing, in degrees clockwise from north.
    public var bearing: Double
    /// The camera's tilt, in degrees from straight down.
    public var pitch: Double
    /// Where the view is written in the declarations.
    public var location: SourceLocation?

    /// The size a view gets when it gives none, in CSS pixels.
    public static let defaultSize = (width: 512, height: 512)

    /// A view `name` centred on (longitude, latitude) at unified `zoom`.
    public init(
        name: String, center: (longitude: Double, latitude: Double), zoom: Double,
        size: (width: Int, height: Int) = SnapshotView.defaultSize, variants: [String] = [], bearing: Double = 0,
        pitch: Double = 0, location: SourceLocation? = nil
    ) {
        self.name = name
        self.center = center
        self.zoom = zoom
        self.size = size
        self.variants = variants
        self.bearing = bearing
        self.pitch = pitch
        self.location = location
    }

    /// Views are equal when they take the same picture (locations aside).
    public static func == (lhs: SnapshotView, rhs: SnapshotView) -> Bool {
        lhs.name == rhs.name && lhs.center == rhs.center && lhs.zoom == rhs.zoom && lhs.size == rhs.size
            && lhs.variants == rhs.variants && lhs.bearing == rhs.bearing && lhs.pitch == rhs.pitch
    }
}
