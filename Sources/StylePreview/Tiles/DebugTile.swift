import StyleMath

/// The tile the preview serves in place of a LocalTileServer route, which only the app can render: a tinted
/// square the colour of its route, its outline, and its `z/x/y`, route name and size written on it, so that
/// placement, bounds, zoom range and opacity show without the app. Outside the route's declared bounds the tile is
/// transparent, as a server with no data there draws it.
enum DebugTile {
    /// The largest debug tile drawn, in pixels.
    static let maximumSize = 1024

    /// A PNG tile of `size` pixels (clamped to 1...`maximumSize`), transparent outside `bounds`.
    static func png(route: String, size: Int, z: Int, x: Int, y: Int, bounds: GeoBounds? = nil) -> [UInt8] {
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
        if let bounds { clear(&image, outside: bounds, z: z, x: x, y: y) }
        return image.encoded
    }

    /// Makes the pixels whose centres lie outside `bounds` transparent.
    private static func clear(_ image: inout PNGImage, outside bounds: GeoBounds, z: Int, x: Int, y: Int) {
        let size = image.width
        let columns = (0..<size).map { column -> Double in
            let tile = WebMercator.FractionalTile(x: Double(x) + (Double(column) + 0.5) / Double(size), y: Double(y))
            return (try? WebMercator.coordinate(tile: tile, level: z).longitude) ?? 0
        }
        for row in 0..<size {
            let tile = WebMercator.FractionalTile(x: Double(x), y: Double(y) + (Double(row) + 0.5) / Double(size))
            guard let latitude = try? WebMercator.coordinate(tile: tile, level: z).latitude else { continue }
            for column in 0..<size where !bounds.contains(longitude: columns[column], latitude: latitude) {
                image.set(column, row, (0, 0, 0, 0))
            }
        }
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
