import Foundation
import TestSupport
import Testing

/// The compiler's folders are its stages, and dependencies run one way: a file may use types and rules of its own
/// folder and of the folders before it, never of a later one. Diagnostics (with masking and credentials) are at
/// the bottom; `Pipeline` strings the stages together at the top.
@Suite struct StageOrderTests {
    static let stages = [
        "Diagnostics", "Read", "Declarations", "Validate", "Restyle", "Compose", "Cost", "Emit", "Pipeline",
    ]

    @Test func dependenciesRunOneWay() throws {
        let root = SharedData.repositoryFile("Sources/StyleCompiler")
        var files: [StageOrder.File] = []
        let enumerator = FileManager.default.enumerator(atPath: root.path)
        while let path = enumerator?.nextObject() as? String {
            guard path.hasSuffix(".swift") else { continue }
            let stage = String(path.split(separator: "/").first ?? "")
            files.append(
                .init(
                    stage: stage, path: path,
                    text: try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)))
        }
        #expect(
            Set(files.map(\.stage)) == Set(Self.stages),
            "every folder of the compiler is a stage, and every stage exists")
        let order = StageOrder(stages: Self.stages, files: files)
        #expect(order.declaredIn.count > 50)
        #expect(order.ruleDeclaredIn.count > 90)
        #expect(order.violations() == [])
    }

    /// A later stage's type used only inside a string interpolation, a nested type declared in an extension, and
    /// a rule constant declared in a later stage: each is found.
    @Test func aUseInsideAnInterpolationOrOfALaterRuleIsFound() {
        let files: [StageOrder.File] = [
            .init(
                stage: "Read", path: "Read/Fetcher.swift",
                text: """
                    struct Fetcher {
                        /// `Number` in a comment counts for nothing.
                        func describe(_ value: Double) -> String { "value \\(Number(value).text) and \\("nested \\(Tail.self)")" }
                        let plain = "Number Tail"
                        let rule = Rule.validateLayout
                    }
                    """),
            .init(
                stage: "Validate", path: "Validate/Number.swift",
                text: """
                    struct Number { let text: String }
                    extension Number {
                        struct Tail {}
                    }
                    extension Rule {
                        static let validateLayout = Rule("style.layout", .error)
                    }
                    """),
        ]
        let violations = StageOrder(stages: ["Read", "Validate"], files: files).violations()
        #expect(
            violations == [
                "Read/Fetcher.swift uses Number of the later stage Validate",
                "Read/Fetcher.swift uses Tail of the later stage Validate",
                "Read/Fetcher.swift uses the rule validateLayout of the later stage Validate",
            ])
    }

    /// Comments and string literals say nothing about dependencies; interpolations are code.
    @Test func stringLiteralsAreBlankedButInterpolationsKept() {
        let code = StageOrder.code(
            of: ##"""
                let a = "plain \(One.x) \"Two\" \(f("Three \(Four.y)"))" // Five
                let b = #"raw \(Six) \#(Seven)"#
                let c = """
                    Eight \(Nine)
                    """
                /* Ten */
                """##)
        let names = StageOrder.typeNames(in: code)
        #expect(names == ["Four", "Nine", "One", "Seven"])
    }
}

/// The check behind `StageOrderTests`: which names each stage declares, and which uses run the wrong way.
struct StageOrder {
    struct File {
        let stage: String
        let path: String
        let text: String
    }

    let stages: [String]
    let files: [File]
    /// Type name -> the stage declaring it (at any depth: nested types too). A name declared in two stages, or
    /// one the standard library also has, is left out: its uses cannot be told apart.
    let declaredIn: [String: String]
    /// Rule constant (`static let name = Rule(...)`) -> the stage declaring it.
    let ruleDeclaredIn: [String: String]

    /// Names the standard library or Foundation declare too, which a compiler file may also declare nested.
    static let ambiguous: Set<String> = [
        "Result", "Element", "Value", "Key", "Index", "Kind", "Options", "Error", "Entry", "Style", "Iterator",
        "Component",
    ]

    init(stages: [String], files: [File]) {
        self.stages = stages
        self.files = files
        let declaration =
            /(?m)^[ \t]*(?:(?:public|internal|private|fileprivate|package|final|indirect)[ \t]+)*(?:struct|enum|class|protocol|typealias|actor)[ \t]+(\w+)/
        var declared: [String: Set<String>] = [:]
        var rules: [String: String] = [:]
        for file in files {
            let code = Self.code(of: file.text)
            for match in code.matches(of: declaration) { declared[String(match.1), default: []].insert(file.stage) }
            for match in code.matches(of: /static let (\w+) = Rule\(/) { rules[String(match.1)] = file.stage }
        }
        declaredIn = declared.compactMapValues { $0.count == 1 ? $0.first : nil }.filter {
            !Self.ambiguous.contains($0.key)
        }
        ruleDeclaredIn = rules
    }

    /// Every use of a later stage's type or rule, as "path uses Name of the later stage Stage", sorted.
    func violations() -> [String] {
        var found: [String] = []
        for file in files {
            let rank = stages.firstIndex(of: file.stage) ?? 0
            let code = Self.code(of: file.text)
            for name in Self.typeNames(in: code) {
                guard let stage = declaredIn[name], let other = stages.firstIndex(of: stage), other > rank else {
                    continue
                }
                found.append("\(file.path) uses \(name) of the later stage \(stage)")
            }
            let members = Set(code.matches(of: /\.(\w+)\b/).map { String($0.1) })
            for name in members.sorted() {
                guard let stage = ruleDeclaredIn[name], let other = stages.firstIndex(of: stage), other > rank else {
                    continue
                }
                found.append("\(file.path) uses the rule \(name) of the later stage \(stage)")
            }
        }
        return found.sorted()
    }

    /// Capitalised identifiers in `code`, sorted.
    static func typeNames(in code: String) -> [String] {
        Set(code.matches(of: /\b[A-Z]\w+\b/.wordBoundaryKind(.simple)).map { String($0.0) }).sorted()
    }

    /// `text` without comments and without the text of string literals, keeping the code of each string
    /// interpolation (`\(...)`, `\#(...)` in raw strings), nested ones included.
    static func code(of text: String) -> String {
        var scanner = LiteralScanner(Array(text.unicodeScalars))
        return scanner.code(until: nil)
    }

    /// Walks source text, copying code and dropping comments and literal text.
    private struct LiteralScanner {
        let scalars: [Unicode.Scalar]
        var index = 0

        init(_ scalars: [Unicode.Scalar]) { self.scalars = scalars }

        private func at(_ offset: Int) -> Unicode.Scalar? {
            index + offset < scalars.count ? scalars[index + offset] : nil
        }

        private func starts(with text: String) -> Bool {
            for (offset, scalar) in text.unicodeScalars.enumerated() where at(offset) != scalar { return false }
            return true
        }

        /// Code up to the `)` closing an interpolation (with `closing` set) or the end.
        mutating func code(until closing: Unicode.Scalar?) -> String {
            var output = String.UnicodeScalarView()
            var depth = 0
            while let scalar = at(0) {
                if starts(with: "//") {
                    while let next = at(0), next != "\n" { index += 1 }
                } else if starts(with: "/*") {
                    index += 2
                    while at(0) != nil, !starts(with: "*/") { index += 1 }
                    index += 2
                } else if scalar == "#" || scalar == "\"" {
                    var hashes = 0
                    while at(hashes) == "#" { hashes += 1 }
                    guard at(hashes) == "\"" else {
                        output.append(scalar)
                        index += 1
                        continue
                    }
                    index += hashes
                    output.append(contentsOf: "\"\"".unicodeScalars)
                    output.append(contentsOf: literal(hashes: hashes).unicodeScalars)
                } else if scalar == "(" {
                    depth += 1
                    output.append(scalar)
                    index += 1
                } else if scalar == ")" {
                    if depth == 0, closing != nil {
                        index += 1
                        return String(output)
                    }
                    depth -= 1
                    output.append(scalar)
                    index += 1
                } else {
                    output.append(scalar)
                    index += 1
                }
            }
            return String(output)
        }

        /// Skips one string literal (at its opening quote, after `hashes` `#`s), returning the code of its
        /// interpolations, each on a line of its own.
        private mutating func literal(hashes: Int) -> String {
            let delimiter = starts(with: "\"\"\"") ? "\"\"\"" : "\""
            index += delimiter.unicodeScalars.count
            let close = delimiter + String(repeating: "#", count: hashes)
            let interpolation = "\\" + String(repeating: "#", count: hashes) + "("
            var kept = ""
            while at(0) != nil {
                if starts(with: close) {
                    index += close.unicodeScalars.count
                    return kept
                }
                if starts(with: interpolation) {
                    index += interpolation.unicodeScalars.count
                    kept += " " + code(until: ")") + " "
                } else if hashes == 0, at(0) == "\\" {
                    index += 2
                } else {
                    index += 1
                }
            }
            return kept
        }
    }
}
