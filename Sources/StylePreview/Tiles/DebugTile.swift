/// The tile the preview serves in place of a LocalTileServer route, which only the app can render: a tinted
/// square the colour of its route, its outline, and its `z/x/y`, route name and size written on it, so that
/// placement, bounds, zoom range and opacity show without the app.
enum DebugTile {
    /// The largest debug tile drawn, in pixels.
    static let maximumSize = 1024

    /// A PNG tile of `size` pixels (clamped to 1...`maximumSize`).
    static func png(route: String, size: Int, z: Int, x: Int, y: Int) -> [UInt8] {
        let size = min(max(size, 1), maximumSize)
        var image = PNGImage(width: size, height: size)
        let tint = color(of: route)
        image.fill(x: 0, y: 0, width: size, height: size, (tint.0, tint.1, tint.2, 150))
        let line = max(1, size / 128)
        let ink: (UInt8, UInt8, UInt8, UInt8) = (20, 20, 20, 255)
        image.fill(x: 0, y: 0, width: size, height: line, ink)
        image.fill(x: 0, y: size - line, width: size, height: line, ink)
        image.fill(x: 0, y: 0, width: line, height: size, ink)
        image.fill(x: size - line, y: 0, width: line, height: size, ink)
        let scale = max(1, size / 96)
        let lines = ["\(z)/\(x)/\(y)", route, "\(size)px"]
        for (index, text) in lines.enumerated() {
            TileFont.draw(
                text, into: &image, x: line * 4, y: line * 4 + index * (TileFont.height + 2) * scale, scale: scale,
                color: ink)
        }
        return image.encoded
    }

    /// A colour for a route name, the same for the same name: a hue from the name's bytes, full saturation.
    static func color(of route: String) -> (UInt8, UInt8, UInt8) {
        var hash: UInt32 = 2_166_136_261
        for byte in route.utf8 { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
        let hue = Double(hash % 360) / 60
        let fraction = hue - hue.rounded(.down)
        let high: UInt8 = 230
        let low: UInt8 = 40
        let rising = UInt8(Double(low) + Double(high - low) * fraction)
        let falling = UInt8(Double(high) - Double(high - low) * fraction)
        switch Int(hue) {
        case 0: return (high, rising, low)
        case 1: return (falling, high, low)
        case 2: return (low, high, rising)
        case 3: return (low, falling, high)
        case 4: return (rising, low, high)
        default: return (high, low, falling)
        }
    }
}
