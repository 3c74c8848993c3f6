import Foundation

/// A Markdown file of the manual, as the documentation tests read it: its fenced blocks, headings, links and
/// generated regions. Lines are 1-based.
struct MarkdownFile {
    /// A fenced block: its language and the words after it on the fence line (`illustrative`, `file=PATH`).
    struct Block {
        let line: Int
        let language: String
        let attributes: [String]
        let text: String
        /// True inside a generated region: the freshness test checks it against what it was made from.
        let isGenerated: Bool

        var isIllustrative: Bool { attributes.contains("illustrative") }
        var isRuleExample: Bool { attributes.contains("rule-example") }
        /// The path a `file=PATH` block is written to before the commands after it run.
        var filePath: String? { attributes.first { $0.hasPrefix("file=") }.map { String($0.dropFirst(5)) } }
    }

    struct Link {
        let line: Int
        let target: String
    }

    /// The path from the repository root (`docs/ci.md`).
    let path: String
    let text: String
    private(set) var blocks: [Block] = []
    private(set) var headings: [String] = []
    private(set) var links: [Link] = []

    /// `<!-- generated: NAME -->` ... `<!-- generated: end -->`.
    static func regionStart(_ name: String) -> String { "<!-- generated: \(name) -->" }
    static let regionEnd = "<!-- generated: end -->"

    init(path: String, text: String) {
        self.path = path
        self.text = text
        var fence: (line: Int, language: String, attributes: [String], lines: [String])?
        var inRegion = false
        for (offset, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = String(raw)
            if var open = fence {
                if line.hasPrefix("```"), line.trimmingCharacters(in: .whitespaces) == "```" {
                    blocks.append(
                        Block(
                            line: open.line, language: open.language, attributes: open.attributes,
                            text: open.lines.map { $0 + "\n" }.joined(), isGenerated: inRegion))
                    fence = nil
                } else {
                    open.lines.append(line)
                    fence = open
                }
                continue
            }
            if line.hasPrefix("```") {
                let words = line.dropFirst(3).split(separator: " ").map(String.init)
                fence = (offset + 1, words.first ?? "", Array(words.dropFirst()), [])
                continue
            }
            if line.hasPrefix("<!-- generated: ") { inRegion = line != Self.regionEnd }
            if line.hasPrefix("#") {
                let title = line.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces)
                if !title.isEmpty { headings.append(title) }
            }
            for match in Self.withoutCodeSpans(line).matches(of: /\]\(([^)\s]+)\)/) {
                links.append(Link(line: offset + 1, target: String(match.1)))
            }
        }
    }

    /// The anchors GitHub gives the headings: lower case, punctuation but `-` and `_` dropped, spaces as `-`,
    /// a repeated one numbered (`-1`, `-2`).
    var anchors: Set<String> {
        var seen: [String: Int] = [:]
        var result: Set<String> = []
        for heading in headings {
            let slug = Self.slug(heading)
            let count = seen[slug, default: 0]
            seen[slug] = count + 1
            result.insert(count == 0 ? slug : "\(slug)-\(count)")
        }
        return result
    }

    static func slug(_ heading: String) -> String {
        var slug = ""
        for character in heading.lowercased() {
            if character.isLetter || character.isNumber || character == "-" || character == "_" {
                slug.append(character)
            } else if character == " " {
                slug.append("-")
            }
        }
        return slug
    }

    /// The text between a generated region's markers, or nil when the file lacks them.
    func region(_ name: String) -> String? {
        guard let start = text.range(of: Self.regionStart(name) + "\n"),
            let end = text.range(of: Self.regionEnd, range: start.upperBound..<text.endIndex)
        else { return nil }
        return String(text[start.upperBound..<end.lowerBound])
    }

    /// The file with a region's text replaced.
    func replacingRegion(_ name: String, with content: String) -> String? {
        guard let start = text.range(of: Self.regionStart(name) + "\n"),
            let end = text.range(of: Self.regionEnd, range: start.upperBound..<text.endIndex)
        else { return nil }
        return String(text[..<start.upperBound]) + content + String(text[end.lowerBound...])
    }

    private static func withoutCodeSpans(_ line: String) -> String {
        var result = ""
        var inCode = false
        for character in line {
            if character == "`" { inCode.toggle() } else if !inCode { result.append(character) }
        }
        return result
    }
}
