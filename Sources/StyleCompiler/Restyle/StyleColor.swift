import StyleSpec

/// A colour as a rules document writes and outputs it: sRGB channels 0 to 255 and alpha 0 to 1, read from any CSS
/// colour the style specification takes, written back canonically (`#rrggbb`, or `rgba(r,g,b,a)` when not opaque).
struct StyleColor: Sendable, Equatable {
    /// Red, 0 to 255 (gamma-encoded sRGB).
    var red: Double
    /// Green, 0 to 255.
    var green: Double
    /// Blue, 0 to 255.
    var blue: Double
    /// Alpha, 0 (transparent) to 1.
    var alpha: Double

    init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// The colour `text` names (`#f8f4f0`, `rgb(248,244,240)`, `hsl(30, 40%, 96%)`, `white`), or nil.
    init?(css text: String) {
        guard let parsed = CSSColor.parse(text) else { return nil }
        self.init(red: parsed.red, green: parsed.green, blue: parsed.blue, alpha: parsed.alpha)
    }

    /// The canonical text every renderer reads: `#rrggbb` when opaque, else `rgba(r,g,b,a)` with alpha to 3 places.
    var canonical: String {
        let channels = [red, green, blue].map { Int(min(255, max(0, $0)).rounded()) }
        let opacity = min(1, max(0, alpha))
        if opacity >= 1 {
            var bytes: [UInt8] = [UInt8(ascii: "#")]
            for channel in channels {
                bytes.append(Self.hexDigits[channel / 16])
                bytes.append(Self.hexDigits[channel % 16])
            }
            return String(decoding: bytes, as: UTF8.self)
        }
        let rounded = (opacity * 1000).rounded() / 1000
        let alphaText = rounded == rounded.rounded() ? String(Int(rounded)) : "\(rounded)"
        return "rgba(\(channels[0]),\(channels[1]),\(channels[2]),\(alphaText))"
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// Hue in degrees (0 to 360), saturation and lightness 0 to 1: CSS `hsl()` of the gamma-encoded channels.
    var hsl: (hue: Double, saturation: Double, lightness: Double) {
        let (r, g, b) = (red / 255, green / 255, blue / 255)
        let high = max(r, g, b)
        let low = min(r, g, b)
        let lightness = (high + low) / 2
        let chroma = high - low
        guard chroma > 1e-12 else { return (0, 0, lightness) }
        let saturation = chroma / (1 - abs(2 * lightness - 1))
        var hue: Double
        if high == r {
            hue = ((g - b) / chroma).truncatingRemainder(dividingBy: 6)
        } else if high == g {
            hue = (b - r) / chroma + 2
        } else {
            hue = (r - g) / chroma + 4
        }
        hue *= 60
        if hue < 0 { hue += 360 }
        return (hue, min(1, saturation), lightness)
    }

    /// The colour of hue `hue` (degrees), `saturation` and `lightness` (0 to 1), with `alpha`.
    init(hue: Double, saturation: Double, lightness: Double, alpha: Double) {
        // CSS's own `hsl()` conversion, as the style specification reads `hsl(...)` colours.
        let rgb = CSSColor.hslToRGB(
            hue: hue, saturation: min(1, max(0, saturation)) * 100, lightness: min(1, max(0, lightness)) * 100,
            alpha: alpha)
        self.init(red: rgb.red, green: rgb.green, blue: rgb.blue, alpha: rgb.alpha)
    }
}
