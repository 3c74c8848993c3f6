import LocatedJSON
import StyleSpec

/// A map view to cost: where the camera is, how close, and the screen it fills.
public struct CostView: Sendable, Equatable {
    /// The view's name: a snapshot view's name, or the `--view` text as given.
    public var name: String
    /// The map's centre, in degrees.
    public var longitude: Double
    /// The map's centre, in degrees.
    public var latitude: Double
    /// MapConductor's unified camera zoom (Google-equivalent), as the app's camera is set.
    public var zoom: Double
    /// The screen's width, in CSS pixels.
    public var width: Int
    /// The screen's height, in CSS pixels.
    public var height: Int
    /// Device pixels per CSS pixel. It does not change which tiles a MapLibre renderer asks for (measured in GL
    /// JS); it is reported with the view.
    public var pixelRatio: Double
    /// The camera's bearing, in degrees clockwise from north.
    public var bearing: Double
    /// The camera's tilt, in degrees from straight down; the model counts the view as seen from straight above.
    public var pitch: Double
    /// The variants to cost it in, by name; empty: every variant.
    public var variants: [String]
    /// Where the view is written (a snapshot view in the declarations); nil for `--view`.
    public var location: SourceLocation?

    /// A view of every field.
    public init(
        name: String, longitude: Double, latitude: Double, zoom: Double, width: Int, height: Int,
        pixelRatio: Double = 1, bearing: Double = 0, pitch: Double = 0, variants: [String] = [],
        location: SourceLocation? = nil
    ) {
        self.name = name
        self.longitude = longitude
        self.latitude = latitude
        self.zoom = zoom
        self.width = width
        self.height = height
        self.pixelRatio = pixelRatio
        self.bearing = bearing
        self.pitch = pitch
        self.variants = variants
        self.location = location
    }

    /// A snapshot view (`views:` in the declarations), at pixel ratio 1 or on `device`'s screen.
    public init(_ view: SnapshotView, device: DevicePreset? = nil) {
        self.init(
            name: view.name, longitude: view.center.longitude, latitude: view.center.latitude, zoom: view.zoom,
            width: device?.size.width ?? view.size.width, height: device?.size.height ?? view.size.height,
            pixelRatio: device?.pixelRatio ?? 1, bearing: view.bearing, pitch: view.pitch, variants: view.variants,
            location: view.location)
    }

    /// What `--view` takes, for help and errors.
    public static let syntax = "LAT,LON,ZOOM,WIDTHxHEIGHT[@RATIO] or LAT,LON,ZOOM,PRESET"

    /// The view `text` describes: `LAT,LON,ZOOM,WIDTHxHEIGHT[@RATIO]` (degrees, unified zoom, CSS pixels, device
    /// pixels per CSS pixel) or `LAT,LON,ZOOM,PRESET`; the reason when it describes none.
    public static func parse(_ text: String) -> Result<CostView, ViewSyntaxError> {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 4 else {
            return .failure(ViewSyntaxError("'\(text)' is not a view: give \(syntax)"))
        }
        guard let latitude = Double(parts[0]), (-85.051_128_779_806_604...85.051_128_779_806_604).contains(latitude)
        else {
            // A longitude first (the declarations' `center: [lon, lat]` order) is the likely mistake: say so.
            let swapped =
                Double(parts[1]).map { (-85.051_128_779_806_604...85.051_128_779_806_604).contains($0) } ?? false
            return .failure(
                ViewSyntaxError(
                    "'\(parts[0])' is not a latitude: degrees within ±85.0511"
                        + (swapped ? " (--view takes the latitude first, LAT,LON; views: center takes [lon, lat])" : "")
                ))
        }
        guard let longitude = Double(parts[1]), (-180...180).contains(longitude) else {
            return .failure(ViewSyntaxError("'\(parts[1])' is not a longitude: degrees within ±180"))
        }
        guard let zoom = Double(parts[2]), (0...22).contains(zoom) else {
            return .failure(ViewSyntaxError("'\(parts[2])' is not a zoom: MapConductor's unified zoom, 0 to 22"))
        }
        var view = CostView(name: text, longitude: longitude, latitude: latitude, zoom: zoom, width: 0, height: 0)
        if let preset = DevicePreset(rawValue: parts[3]) {
            (view.width, view.height) = preset.size
            view.pixelRatio = preset.pixelRatio
            return .success(view)
        }
        let screen = parts[3].split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false)
        let sides = screen[0].split(separator: "x", omittingEmptySubsequences: false)
        guard sides.count == 2, let width = Int(sides[0]), let height = Int(sides[1]),
            (1...maximumSide).contains(width), (1...maximumSide).contains(height)
        else {
            return .failure(
                ViewSyntaxError(
                    "'\(parts[3])' is not a screen: WIDTHxHEIGHT in CSS pixels (1 to \(maximumSide)) with an optional "
                        + "@RATIO, or one of \(DevicePreset.names.joined(separator: ", "))"
                        + Suggestion.didYouMean(parts[3], among: DevicePreset.names)))
        }
        (view.width, view.height) = (width, height)
        if screen.count == 2 {
            guard let ratio = Double(screen[1]), ratio > 0, ratio <= 8 else {
                return .failure(ViewSyntaxError("'@\(screen[1])' is not a pixel ratio: a number above 0, at most 8"))
            }
            view.pixelRatio = ratio
        }
        return .success(view)
    }

    /// The longest side a view may have, in CSS pixels.
    public static let maximumSide = 16_384

    /// Views are equal when they cost the same (locations aside).
    public static func == (lhs: CostView, rhs: CostView) -> Bool {
        lhs.name == rhs.name && lhs.longitude == rhs.longitude && lhs.latitude == rhs.latitude
            && lhs.zoom == rhs.zoom && lhs.width == rhs.width && lhs.height == rhs.height
            && lhs.pixelRatio == rhs.pixelRatio && lhs.bearing == rhs.bearing && lhs.pitch == rhs.pitch
            && lhs.variants == rhs.variants
    }
}

/// Why a `--view` text describes no view.
public struct ViewSyntaxError: Error, Sendable, CustomStringConvertible {
    /// What is wrong, quoting the text.
    public let description: String
    init(_ description: String) { self.description = description }
}
