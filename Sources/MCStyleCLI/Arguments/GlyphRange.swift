import StyleCompiler

/// `START-END` (`fetch-base --glyph-range`): one glyph range of 256 code points as renderers request it
/// (`1024-1279`): START a multiple of 256 up to 65280, END = START + 255.
struct GlyphRange: ArgumentValue, Equatable {
    /// The range's first code point.
    let start: Int

    init?(argument: String) {
        guard case .success(let start) = Self.parse(argument) else { return nil }
        self.start = start
    }
    static var choices: [String] { [] }
    static var noun: String { "a glyph range such as 1024-1279" }
    static func rejection(of text: String) -> String? {
        guard case .failure(let reason) = parse(text) else { return nil }
        return reason.text
    }

    private static func parse(_ text: String) -> Result<Int, ArgumentRejection> {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false).map { Int($0) }
        guard parts.count == 2, let start = parts[0], let end = parts[1] else {
            return .failure(ArgumentRejection("'\(text)' is not a glyph range such as 1024-1279"))
        }
        guard start >= 0, start % 256 == 0, start <= 65280, end == start + 255 else {
            return .failure(
                ArgumentRejection(
                    "glyph range \(text) is not one renderers request: START a multiple of 256 up to 65280, END = START + 255 (\(LockedAsset.rangeName(max(0, min(65280, start / 256 * 256)))))"
                ))
        }
        return .success(start)
    }
}
