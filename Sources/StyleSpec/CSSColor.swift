/// CSS colors as the style specification accepts them: named colors, `#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa`,
/// `rgb()`/`rgba()` and `hsl()`/`hsla()` in comma or space syntax, with numbers or percentages.
package enum CSSColor {
    /// Red, green, blue in 0...255 and alpha in 0...1, or nil when `text` is not a color.
    package static func parse(_ text: String) -> (red: Double, green: Double, blue: Double, alpha: Double)? {
        let color = text.trimmingWhitespace().lowercased()
        if color == "transparent" { return (0, 0, 0, 0) }
        if let hex = named[color] { return fromHex(hex) }
        if color.hasPrefix("#") { return fromHex(String(color.dropFirst())) }
        guard let open = color.firstIndex(of: "("), color.hasSuffix(")") else { return nil }
        let function = String(color[..<open])
        let body = color[color.index(after: open)..<color.index(before: color.endIndex)]
        let parts = body.split(whereSeparator: { $0 == "," || $0 == " " || $0 == "/" }).map(String.init)
        switch function {
        case "rgb", "rgba":
            guard parts.count == 3 || parts.count == 4 else { return nil }
            let channels = parts.prefix(3).map { component($0, scale: 255) }
            guard channels.allSatisfy({ $0 != nil }), let alpha = parts.count == 4 ? component(parts[3], scale: 1) : 1
            else { return nil }
            let values = channels.compactMap { $0 }
            return (values[0], values[1], values[2], alpha)
        case "hsl", "hsla":
            guard parts.count == 3 || parts.count == 4, let hue = Double(parts[0].replacing("deg", with: "")),
                parts[1].hasSuffix("%"), parts[2].hasSuffix("%"),
                let saturation = Double(parts[1].dropLast()), let lightness = Double(parts[2].dropLast()),
                let alpha = parts.count == 4 ? component(parts[3], scale: 1) : 1
            else { return nil }
            return hslToRGB(hue: hue, saturation: saturation, lightness: lightness, alpha: alpha)
        default:
            return nil
        }
    }

    /// CSS Color 4's `hsl()` conversion (hue in degrees, saturation and lightness in percent), in 0...255.
    package static func hslToRGB(hue: Double, saturation: Double, lightness: Double, alpha: Double) -> (
        red: Double, green: Double, blue: Double, alpha: Double
    ) {
        var h = hue.truncatingRemainder(dividingBy: 360)
        if h < 0 { h += 360 }
        let s = saturation / 100
        let l = lightness / 100
        func channel(_ n: Double) -> Double {
            let k = (n + h / 30).truncatingRemainder(dividingBy: 12)
            let a = s * min(l, 1 - l)
            return (l - a * max(-1, min(k - 3, 9 - k, 1))) * 255
        }
        return (channel(0), channel(8), channel(4), alpha)
    }

    private static func component(_ text: String, scale: Double) -> Double? {
        if text.hasSuffix("%") { return Double(text.dropFirst(0).dropLast()).map { $0 / 100 * scale } }
        return Double(text)
    }

    private static func fromHex(_ digits: String) -> (red: Double, green: Double, blue: Double, alpha: Double)? {
        let values = digits.compactMap { $0.hexDigitValue }
        guard values.count == digits.count else { return nil }
        switch values.count {
        case 3, 4:
            let expanded = values.map { Double($0 * 17) }
            return (expanded[0], expanded[1], expanded[2], values.count == 4 ? expanded[3] / 255 : 1)
        case 6, 8:
            let pairs = stride(from: 0, to: values.count, by: 2).map { Double(values[$0] * 16 + values[$0 + 1]) }
            return (pairs[0], pairs[1], pairs[2], values.count == 8 ? pairs[3] / 255 : 1)
        default:
            return nil
        }
    }

    /// CSS Color Module Level 4 named colors.
    package static let named: [String: String] = [
        "aliceblue": "f0f8ff", "antiquewhite": "faebd7", "aqua": "00ffff", "aquamarine": "7fffd4", "azure": "f0ffff",
        "beige": "f5f5dc", "bisque": "ffe4c4", "black": "000000", "blanchedalmond": "ffebcd", "blue": "0000ff",
        "blueviolet": "8a2be2", "brown": "a52a2a", "burlywood": "deb887", "cadetblue": "5f9ea0", "chartreuse": "7fff00",
        "chocolate": "d2691e", "coral": "ff7f50", "cornflowerblue": "6495ed", "cornsilk": "fff8dc", "crimson": "dc143c",
        "cyan": "00ffff", "darkblue": "00008b", "darkcyan": "008b8b", "darkgoldenrod": "b8860b", "darkgray": "a9a9a9",
        "darkgreen": "006400", "darkgrey": "a9a9a9", "darkkhaki": "bdb76b", "darkmagenta": "8b008b",
        "darkolivegreen": "556b2f",
        "darkorange": "ff8c00", "darkorchid": "9932cc", "darkred": "8b0000", "darksalmon": "e9967a",
        "darkseagreen": "8fbc8f",
        "darkslateblue": "483d8b", "darkslategray": "2f4f4f", "darkslategrey": "2f4f4f", "darkturquoise": "00ced1",
        "darkviolet": "9400d3", "deeppink": "ff1493", "deepskyblue": "00bfff", "dimgray": "696969", "dimgrey": "696969",
        "dodgerblue": "1e90ff", "firebrick": "b22222", "floralwhite": "fffaf0", "forestgreen": "228b22",
        "fuchsia": "ff00ff",
        "gainsboro": "dcdcdc", "ghostwhite": "f8f8ff", "gold": "ffd700", "goldenrod": "daa520", "gray": "808080",
        "green": "008000", "greenyellow": "adff2f", "grey": "808080", "honeydew": "f0fff0", "hotpink": "ff69b4",
        "indianred": "cd5c5c", "indigo": "4b0082", "ivory": "fffff0", "khaki": "f0e68c", "lavender": "e6e6fa",
        "lavenderblush": "fff0f5", "lawngreen": "7cfc00", "lemonchiffon": "fffacd", "lightblue": "add8e6",
        "lightcoral": "f08080",
        "lightcyan": "e0ffff", "lightgoldenrodyellow": "fafad2", "lightgray": "d3d3d3", "lightgreen": "90ee90",
        "lightgrey": "d3d3d3",
        "lightpink": "ffb6c1", "lightsalmon": "ffa07a", "lightseagreen": "20b2aa", "lightskyblue": "87cefa",
        "lightslategray": "778899",
        "lightslategrey": "778899", "lightsteelblue": "b0c4de", "lightyellow": "ffffe0", "lime": "00ff00",
        "limegreen": "32cd32",
        "linen": "faf0e6", "magenta": "ff00ff", "maroon": "800000", "mediumaquamarine": "66cdaa",
        "mediumblue": "0000cd",
        "mediumorchid": "ba55d3", "mediumpurple": "9370db", "mediumseagreen": "3cb371", "mediumslateblue": "7b68ee",
        "mediumspringgreen": "00fa9a", "mediumturquoise": "48d1cc", "mediumvioletred": "c71585",
        "midnightblue": "191970",
        "mintcream": "f5fffa", "mistyrose": "ffe4e1", "moccasin": "ffe4b5", "navajowhite": "ffdead", "navy": "000080",
        "oldlace": "fdf5e6", "olive": "808000", "olivedrab": "6b8e23", "orange": "ffa500", "orangered": "ff4500",
        "orchid": "da70d6", "palegoldenrod": "eee8aa", "palegreen": "98fb98", "paleturquoise": "afeeee",
        "palevioletred": "db7093",
        "papayawhip": "ffefd5", "peachpuff": "ffdab9", "peru": "cd853f", "pink": "ffc0cb", "plum": "dda0dd",
        "powderblue": "b0e0e6", "purple": "800080", "rebeccapurple": "663399", "red": "ff0000", "rosybrown": "bc8f8f",
        "royalblue": "4169e1", "saddlebrown": "8b4513", "salmon": "fa8072", "sandybrown": "f4a460",
        "seagreen": "2e8b57",
        "seashell": "fff5ee", "sienna": "a0522d", "silver": "c0c0c0", "skyblue": "87ceeb", "slateblue": "6a5acd",
        "slategray": "708090", "slategrey": "708090", "snow": "fffafa", "springgreen": "00ff7f", "steelblue": "4682b4",
        "tan": "d2b48c", "teal": "008080", "thistle": "d8bfd8", "tomato": "ff6347", "turquoise": "40e0d0",
        "violet": "ee82ee", "wheat": "f5deb3", "white": "ffffff", "whitesmoke": "f5f5f5", "yellow": "ffff00",
        "yellowgreen": "9acd32",
    ]
}

extension String {
    package func trimmingWhitespace() -> String {
        var scalars = Substring(self)
        while let first = scalars.first, first.isWhitespace { scalars = scalars.dropFirst() }
        while let last = scalars.last, last.isWhitespace { scalars = scalars.dropLast() }
        return String(scalars)
    }
}
