/// A 3-by-5 pixel font for debug tiles: digits, letters (drawn in capitals), and `/ - _ . @ :`; any other
/// character is drawn as `?`.
enum TileFont {
    /// Glyph width and height in font pixels, and the gap after each glyph.
    static let width = 3
    static let height = 5
    static let gap = 1

    /// Five rows of three bits, top row first.
    private static let glyphs: [Character: String] = [
        "0": "111101101101111", "1": "010110010010111", "2": "111001111100111", "3": "111001111001111",
        "4": "101101111001001", "5": "111100111001111", "6": "111100111101111", "7": "111001001001001",
        "8": "111101111101111", "9": "111101111001111", "A": "010101111101101", "B": "110101110101110",
        "C": "011100100100011", "D": "110101101101110", "E": "111100110100111", "F": "111100110100100",
        "G": "011100101101011", "H": "101101111101101", "I": "111010010010111", "J": "001001001101010",
        "K": "101101110101101", "L": "100100100100111", "M": "101111111101101", "N": "110101101101101",
        "O": "010101101101010", "P": "110101110100100", "Q": "010101101110011", "R": "110101110101101",
        "S": "011100010001110", "T": "111010010010010", "U": "101101101101111", "V": "101101101101010",
        "W": "101101111111101", "X": "101101010101101", "Y": "101101010010010", "Z": "111001010100111",
        "/": "001001010100100", "-": "000000111000000", "_": "000000000000111", ".": "000000000000010",
        "@": "010101111100011", ":": "000010000010000", "?": "111001010000010",
    ]

    /// The width of `text` in image pixels at `scale` image pixels a font pixel.
    static func width(of text: String, scale: Int) -> Int { text.count * (width + gap) * scale }

    /// Draws `text` with its top-left corner at `x`, `y`.
    static func draw(
        _ text: String, into image: inout PNGImage, x: Int, y: Int, scale: Int, color: (UInt8, UInt8, UInt8, UInt8)
    ) {
        for (index, character) in text.uppercased().enumerated() {
            let bits = Array(glyphs[character] ?? glyphs["?"] ?? "")
            let left = x + index * (width + gap) * scale
            for row in 0..<height {
                for column in 0..<width
                where bits.indices.contains(row * width + column) && bits[row * width + column] == "1" {
                    image.fill(x: left + column * scale, y: y + row * scale, width: scale, height: scale, color)
                }
            }
        }
    }
}
