import LocatedJSON
import YAMLReader

/// Reads a declarations file with its `!include`s and decodes it.
///
/// Includes are resolved relative to the including file and may not leave the folder of the top-level file
/// (a `..` escape, an absolute path or a symbolic link pointing outside is `include.escape`); cycles are
/// `include.cycle`, naming the chain. At most `maximumIncludeDepth` nested and `maximumIncludeCount` in all.
public struct DeclarationsLoader {
    /// How deeply includes may nest.
    public static let maximumIncludeDepth = Limits.includeDepth
    /// How many includes one declarations file may pull in, in all.
    public static let maximumIncludeCount = Limits.includeCount

    /// The environment that `${NAME}` values are read from.
    public var environment: [String: String]
    /// Stand-ins for missing variables (see `DeclarationsDecoder.environmentStandIns`).
    public var environmentStandIns = false
    /// Reads the declarations file and its includes, with their size limit.
    public var inputLoader: InputLoader

    /// A loader over `environment`, reading files with `inputLoader`.
    public init(environment: [String: String] = [:], inputLoader: InputLoader = InputLoader()) {
        self.environment = environment
        self.inputLoader = inputLoader
    }

    /// What loading produced: the declarations (when the file could be read), every file read, and findings.
    public struct Result: Sendable {
        /// The declarations, when the file could be read and decoded (errors may still be among the diagnostics).
        public var declarations: Declarations?
        /// The top-level file first, then each included file in the order it was read.
        public var files: [SourceFile]
        /// What reading and decoding found.
        public var diagnostics: [Diagnostic]
    }

    /// The file's tree with its includes resolved, not yet decoded (`decode`): a caller can start on the raw
    /// values (the base styles it names) while the rest is decoded.
    public struct Tree: Sendable {
        /// Nil when the file or an include could not be read or parsed (`diagnostics` say why).
        public var root: JSONNode?
        /// The top-level file first, then each included file in the order it was read.
        public var files: [SourceFile]
        /// What reading the file and its includes found.
        public var diagnostics: [Diagnostic]
    }

    /// Loads the file at `path`, shown as `displayName` (default: `path`).
    public func load(path: String, displayName: String? = nil) -> Result {
        decode(read(path: path, displayName: displayName))
    }

    /// Loads an already read top-level file; `path` locates it for includes (nil: includes are refused). The
    /// tree's nodes are placed through `inputLoader`'s table (the file is added to it if it was read elsewhere).
    public func load(_ file: SourceFile, path: String?) -> Result {
        decode(read(file, path: path))
    }

    /// Reads the file at `path` and its includes into one tree.
    public func read(path: String, displayName: String? = nil) -> Tree {
        let file: SourceFile
        do {
            file = try inputLoader.load(path: path, displayName: displayName)
        } catch {
            return Tree(root: nil, files: [], diagnostics: [error.diagnostic])
        }
        return read(file, path: path)
    }

    /// Reads an already read top-level file's tree and its includes, placed through `inputLoader`'s table.
    public func read(_ file: SourceFile, path: String?) -> Tree {
        // A file read into another table is numbered in this one, through which `decode` places the tree.
        let file = inputLoader.files.adopting(file)
        let resolver = IncludeResolver(loader: inputLoader, topLevelPath: path, topLevelFile: file)
        let root: JSONNode
        do {
            root = try resolver.read(file, realPath: path.flatMap(FilePaths.realPath), filePath: path)
        } catch {
            return Tree(root: nil, files: resolver.files, diagnostics: [Diagnostic(error)])
        }
        if let mistaken = Self.configurationMistakenForDeclarations(file, root: root) {
            return Tree(root: nil, files: resolver.files, diagnostics: [mistaken])
        }
        return Tree(root: root, files: resolver.files, diagnostics: [])
    }

    /// Decodes a tree `read` gave.
    public func decode(_ tree: Tree) -> Result {
        guard let root = tree.root else {
            return Result(declarations: nil, files: tree.files, diagnostics: tree.diagnostics)
        }
        let (declarations, diagnostics) = DeclarationsDecoder(
            environment: environment, environmentStandIns: environmentStandIns
        ).decode(root, in: inputLoader.files)
        return Result(declarations: declarations, files: tree.files, diagnostics: tree.diagnostics + diagnostics)
    }
}

extension DeclarationsLoader {
    /// The lint configuration's file name (`InputKind.configurationFileName`), which is easily taken for the
    /// declarations' `mc-style.yaml`.
    static let configurationFileName = InputKind.configurationFileName

    /// A finding when `file` is the lint configuration (by its name, or by holding `rules:` and nothing a
    /// declarations file holds), given where a declarations file is expected.
    static func configurationMistakenForDeclarations(_ file: SourceFile, root: JSONNode) -> Diagnostic? {
        let named = file.name == configurationFileName || file.name.hasSuffix("/" + configurationFileName)
        let keys = Set(root.objectValue?.members.map(\.key) ?? [])
        let looksLikeConfiguration = keys.contains("rules") && keys.isDisjoint(with: ["base", "bases", "sources"])
        guard named || looksLikeConfiguration else { return nil }
        return Diagnostic(
            .declType,
            "this is mc-style's lint configuration (.mc-style.yaml: rule settings), not a declarations file (mc-style.yaml: base and sources); give the declarations file, and this one with --config if it is not found by itself",
            at: SourceLocation(file: file, offset: 0), path: .root)
    }
}

extension Diagnostic {
    /// The diagnostic for a YAML error (its rule is `yaml.<kind>` or the include rule).
    public init(_ error: YAMLError) {
        let rule = Rule.includeRules.first { $0.id == error.rule } ?? Rule.yaml(error.kind)
        self.init(
            rule, error.message, at: error.location,
            related: error.related.map { Related($0.message, at: $0.location) })
    }
}

/// Follows `!include`s for one load: remembers the chain (for cycles), the count and every file read.
private final class IncludeResolver {
    private let loader: InputLoader
    /// The canonical folder includes must stay in.
    private let root: String?
    private var chain: [(realPath: String, name: String)] = []
    private var count = 0
    private(set) var files: [SourceFile]

    init(loader: InputLoader, topLevelPath: String?, topLevelFile: SourceFile) {
        self.loader = loader
        self.root = topLevelPath.flatMap { FilePaths.realPath(FilePaths.directory(of: $0)) }
        self.files = [topLevelFile]
    }

    /// Reads one file, following its includes.
    func read(_ file: SourceFile, realPath: String?, filePath: String?) throws(YAMLError) -> JSONNode {
        if let realPath { chain.append((realPath, file.name)) }
        defer { if realPath != nil { chain.removeLast() } }
        let reader = YAMLReader(
            files: loader.files,
            includeHandler: { [unowned self] target, location throws(YAMLError) in
                try self.include(target, at: location, from: file, filePath: filePath)
            })
        return try reader.read(file)
    }

    private func include(_ target: String, at location: SourceLocation, from file: SourceFile, filePath: String?)
        throws(YAMLError) -> JSONNode
    {
        func fail(_ rule: Rule, _ message: String) -> YAMLError {
            YAMLError(.include, at: location, message, specificRule: rule.id)
        }
        guard let filePath, let root else {
            throw fail(.includeUnavailable, "'!include' needs a declarations file on disk, not standard input")
        }
        guard !target.isEmpty else { throw fail(.includeMissing, "'!include' needs a file path") }
        count += 1
        guard count <= DeclarationsLoader.maximumIncludeCount else {
            throw fail(.includeLimit, "more than \(DeclarationsLoader.maximumIncludeCount) includes in all")
        }
        guard chain.count < DeclarationsLoader.maximumIncludeDepth else {
            throw fail(.includeLimit, "includes nest deeper than \(DeclarationsLoader.maximumIncludeDepth) levels")
        }
        let path = FilePaths.join(FilePaths.directory(of: filePath), target)
        let name = FilePaths.join(FilePaths.directory(of: file.name), target)
        guard !target.utf8.contains(0) else {
            throw fail(.includeMissing, "cannot include '\(target)': the path has a NUL byte")
        }
        guard let real = FilePaths.realPath(path) else {
            throw fail(.includeMissing, "cannot include '\(target)': \(name) \(FilePaths.whyNoRealPath(path))")
        }
        guard FilePaths.isInside(real, root: root) else {
            throw fail(
                .includeEscape,
                "cannot include '\(target)': it lies outside the folder of the top-level declarations file")
        }
        if let start = chain.firstIndex(where: { $0.realPath == real }) {
            let cycle = (chain[start...].map(\.name) + [name]).joined(separator: " -> ")
            throw fail(.includeCycle, "include cycle: \(cycle)")
        }
        let included: SourceFile
        do {
            included = try loader.load(path: path, displayName: name)
        } catch {
            throw fail(.includeMissing, "cannot include '\(target)': \(error.fileName) \(error.reason)")
        }
        files.append(included)
        return try read(included, realPath: real, filePath: path)
    }
}

/// The rules this file checks (registered in `RuleCatalog.all`).
extension Rule {
    static let includeMissing = Rule(
        "include.missing", .error, configurable: false,
        summary: "An !include names a file that does not exist or is not a regular file.",
        help: "Give the path of an existing file, relative to the including file.",
        examples: [
            .triggering(
                .declarations,
                #"""
                version: 1
                base: base.json
                sources:
                  - ↓!include absent.yaml
                """#),
            .passing(
                .declarations,
                #"""
                version: 1
                base: base.json
                sources:
                  - !include part.yaml
                """#,
                files: [
                    "part.yaml": #"""
                    id: hillshade
                    urlTemplate: https://tiles.example.com/{z}/{x}/{y}.png
                    """#
                ]),
        ])
    static let includeEscape = Rule(
        "include.escape", .error, configurable: false,
        summary: "An !include leaves the folder of the top-level declarations file.",
        help: "Keep included files inside the folder of the top-level declarations file.",
        examples: [
            .triggering(
                .declarations,
                #"""
                version: 1
                base: base.json
                sources:
                  - ↓!include /etc/hosts
                """#),
            .passing(
                .declarations,
                #"""
                version: 1
                base: base.json
                sources:
                  - !include parts/part.yaml
                """#,
                files: [
                    "parts/part.yaml": #"""
                    id: hillshade
                    urlTemplate: https://tiles.example.com/{z}/{x}/{y}.png
                    """#
                ]),
        ])
    static let includeCycle = Rule(
        "include.cycle", .error, configurable: false,
        summary: "Includes form a cycle.",
        help: "Remove one include of the chain the message names.",
        examples: [
            .triggering(
                .declarations,
                #"""
                version: 1
                base: base.json
                sources:
                  - !include a.yaml
                """#,
                files: [
                    "a.yaml": #"""
                    !include b.yaml
                    """#,
                    "b.yaml": #"""
                    !include a.yaml
                    """#,
                ]),
            Self.nestedIncludes,
        ])
    /// A source included through two files: the passing example of the include rules.
    private static let nestedIncludes = RuleExample.passing(
        .declarations,
        #"""
        version: 1
        base: base.json
        sources:
          - !include a.yaml
        """#,
        files: [
            "a.yaml": "!include b.yaml",
            "b.yaml": "id: hillshade\nurlTemplate: https://tiles.example.com/{z}/{x}/{y}.png",
        ])
    static let includeLimit = Rule(
        "include.limit", .error, configurable: false,
        summary: "Includes nest too deeply or are too many.",
        help: "Flatten the includes: at most 16 deep and 128 in all.",
        examples: [
            .triggering(
                .declarations,
                #"""
                version: 1
                base: base.json
                sources:
                  - !include i1.yaml
                """#,
                files: [
                    "i1.yaml": #"""
                    !include i2.yaml
                    """#,
                    "i2.yaml": #"""
                    !include i3.yaml
                    """#,
                    "i3.yaml": #"""
                    !include i4.yaml
                    """#,
                    "i4.yaml": #"""
                    !include i5.yaml
                    """#,
                    "i5.yaml": #"""
                    !include i6.yaml
                    """#,
                    "i6.yaml": #"""
                    !include i7.yaml
                    """#,
                    "i7.yaml": #"""
                    !include i8.yaml
                    """#,
                    "i8.yaml": #"""
                    !include i9.yaml
                    """#,
                    "i9.yaml": #"""
                    !include i10.yaml
                    """#,
                    "i10.yaml": #"""
                    !include i11.yaml
                    """#,
                    "i11.yaml": #"""
                    !include i12.yaml
                    """#,
                    "i12.yaml": #"""
                    !include i13.yaml
                    """#,
                    "i13.yaml": #"""
                    !include i14.yaml
                    """#,
                    "i14.yaml": #"""
                    !include i15.yaml
                    """#,
                    "i15.yaml": #"""
                    !include i16.yaml
                    """#,
                    "i16.yaml": #"""
                    !include i17.yaml
                    """#,
                    "i17.yaml": #"""
                    !include i18.yaml
                    """#,
                    "i18.yaml": #"""
                    id: hillshade
                    urlTemplate: https://tiles.example.com/{z}/{x}/{y}.png
                    """#,
                ]),
            Self.nestedIncludes,
        ])
    static let includeUnavailable = Rule(
        "include.unavailable", .error, configurable: false,
        summary: "An !include in declarations read from standard input.",
        help: "Read the declarations from a file on disk to use !include.",
        examples: [
            .triggering(
                .standardInput,
                #"""
                version: 1
                base: base.json
                sources:
                  - ↓!include part.yaml
                """#),
            .passing(.standardInput, RuleExample.plainDeclarations),
        ])

    /// The rules an include failure (`YAMLError.Kind.include`) carries.
    static let includeRules: [Rule] = [
        .includeMissing, .includeEscape, .includeCycle, .includeLimit, .includeUnavailable,
    ]
}
