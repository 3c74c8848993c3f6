/// A patch's `colorFilter`: one change applied to every colour a layer draws with, constants and each colour an
/// expression can give alike.
///
/// MapConductor's compiler does not publish its maths, so mc-style states its own (docs/style-rules.md): every
/// filter works on CSS `hsl()` of the gamma-encoded sRGB colour, and keeps alpha.
/// - `invertLightness`: lightness L becomes 1 - L; hue and saturation are kept (white becomes black, a pale blue a
///   dark blue of the same hue).
/// - `darken` a: L becomes L x (1 - a). `lighten` a: L becomes L + (1 - L) x a. `desaturate` a: S becomes S x (1 - a).
/// - `mix` {color, amount}: each sRGB channel moves `amount` of the way towards `color`'s.
enum ColorFilter: Sendable, Equatable {
    case invertLightness
    /// Amount 0 to 1.
    case darken(Double)
    /// Amount 0 to 1.
    case lighten(Double)
    /// Amount 0 to 1.
    case desaturate(Double)
    /// Towards `StyleColor` by amount 0 to 1.
    case mix(StyleColor, Double)

    /// The names a `colorFilter` object takes, one of them at a time.
    static let names = ["invertLightness", "darken", "lighten", "desaturate", "mix"]

    /// `color` with the filter applied.
    func applied(to color: StyleColor) -> StyleColor {
        switch self {
        case .mix(let target, let amount):
            return StyleColor(
                red: color.red + (target.red - color.red) * amount,
                green: color.green + (target.green - color.green) * amount,
                blue: color.blue + (target.blue - color.blue) * amount, alpha: color.alpha)
        default:
            var (hue, saturation, lightness) = color.hsl
            switch self {
            case .invertLightness: lightness = 1 - lightness
            case .darken(let amount): lightness *= 1 - amount
            case .lighten(let amount): lightness += (1 - lightness) * amount
            case .desaturate(let amount): saturation *= 1 - amount
            case .mix: break
            }
            return StyleColor(hue: hue, saturation: saturation, lightness: lightness, alpha: color.alpha)
        }
    }
}
