/// How many terminal cells a character takes, so that a caret lines up under its column: East Asian wide
/// and fullwidth characters take two, combining marks and zero-width characters none, others one. The wide
/// ranges are those of Unicode's East Asian Width property (W and F) that text in styles and declarations
/// uses: CJK ideographs, kana, Hangul, fullwidth forms, CJK symbols and punctuation, emoji.
enum DisplayWidth {
    static func cells(_ scalar: Unicode.Scalar) -> Int {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        return isWide(scalar.value) ? 2 : 1
    }

    /// The cells `text` takes.
    static func of(_ text: String) -> Int { text.unicodeScalars.reduce(0) { $0 + cells($1) } }

    private static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
        0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1F64F,
        0x1F900...0x1F9FF, 0x20000...0x2FFFD, 0x30000...0x3FFFD,
    ]

    private static func isWide(_ value: UInt32) -> Bool {
        wideRanges.contains { $0.contains(value) }
    }
}
