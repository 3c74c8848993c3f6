import Foundation

/// WCAG 2.x contrast between colours: the relative luminance of sRGB colours and the ratio of the lighter to the
/// darker (https://www.w3.org/TR/WCAG21/#dfn-contrast-ratio), 1 (no contrast) to 21 (black on white). A
/// translucent colour is first drawn over what is under it, as a renderer blends it.
public enum ColorContrast {
    /// `top` drawn over `bottom` (premultiplied source-over, as MapLibre blends layers).
    public static func over(_ top: ExpressionColor, _ bottom: ExpressionColor) -> ExpressionColor {
        let keep = 1 - top.alpha
        return ExpressionColor(
            premultiplied: top.red + bottom.red * keep, top.green + bottom.green * keep, top.blue + bottom.blue * keep,
            top.alpha + bottom.alpha * keep)
    }

    /// The relative luminance of a colour drawn over white (what is left translucent shows the page), 0 to 1.
    public static func luminance(_ color: ExpressionColor) -> Double {
        let opaque = over(color, ExpressionColor(premultiplied: 1, 1, 1, 1))
        func linear(_ channel: Double) -> Double {
            channel <= 0.04045 ? channel / 12.92 : pow((channel + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear(opaque.red) + 0.7152 * linear(opaque.green) + 0.0722 * linear(opaque.blue)
    }

    /// The contrast ratio of two colours, lighter over darker: (L1 + 0.05) / (L2 + 0.05).
    public static func ratio(_ first: ExpressionColor, _ second: ExpressionColor) -> Double {
        let (a, b) = (luminance(first), luminance(second))
        return (max(a, b) + 0.05) / (min(a, b) + 0.05)
    }
}
