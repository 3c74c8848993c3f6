import LocatedJSON
import StyleCompiler

/// One check of a document, as `validate` makes it: the findings by the file they are in, and what the check
/// read (so that a change to an include, a base or the configuration checks it again).
struct DocumentCheck {
    /// The files read, by absolute path: the document, its includes, bases and assets, the configuration.
    var readPaths: Set<String> = []
    /// The findings, by the absolute path of the file each is in.
    var findings: [String: [Diagnostic]] = [:]
    /// The declarations as decoded, for a declarations file that could be read.
    var declarations: Declarations?

    /// True when the check read `path`.
    func reads(_ path: String) -> Bool { readPaths.contains(path) }

    /// The base style of each variant, as absolute paths, for a declarations file at `path`: only those inside
    /// its project, as the check reads them (a base outside is reported, never read, completed or quoted).
    func bases(declaredIn path: String) -> [(variant: String, path: String)] {
        guard let declarations else { return [] }
        let folder = FilePaths.directory(of: path)
        let declared: [(variant: String, path: String)] =
            declarations.bases.isEmpty
            ? declarations.base.map { [(BaseVariant.defaultName, $0)] } ?? []
            : declarations.bases.map { ($0.name, $0.path) }
        let project = ProjectFolder(declarationsPath: path)
        return declared.map { ($0.variant, FilePaths.normalized(FilePaths.join(folder, $0.path))) }
            .filter { project?.contains($0.path) ?? false }
    }

    /// The rules documents the declarations at `path` name (a design's `rules:`, a vector style's), as absolute
    /// paths: one among them is checked as this check reads it, whatever its name.
    func rulesFiles(declaredIn path: String) -> Set<String> {
        guard let declarations else { return [] }
        let folder = FilePaths.directory(of: path)
        let named = declarations.bases.compactMap(\.rules) + declarations.sources.compactMap(\.kind.vectorStyle?.rules)
        return Set(named.map { FilePaths.normalized(FilePaths.join(folder, $0)) })
    }

    /// True when the declarations at `root` name `file` as a vector style or a rules document.
    func names(_ file: String, declaredIn root: String) -> Bool {
        vectorStyles(declaredIn: root).contains(file) || rulesFiles(declaredIn: root).contains(file)
    }

    /// The vector styles the declarations at `path` name (`vectorStyle: {style: ...}`), as absolute paths: a style
    /// document among them is checked as this check checks it (as MapConductor's rasteriser draws it), not alone.
    func vectorStyles(declaredIn path: String) -> Set<String> {
        guard let declarations else { return [] }
        let folder = FilePaths.directory(of: path)
        return Set(
            declarations.sources.compactMap(\.kind.vectorStyle).map {
                FilePaths.normalized(FilePaths.join(folder, $0.style))
            })
    }
}

extension LanguageServer {
    /// Checks the document at `path` as `validate` would, with the editor's unsaved texts: one check session,
    /// its configuration found from the document's folder up (a configuration document is checked on its own).
    func check(_ path: String) -> DocumentCheck {
        var build = BuildOptions(environment: settings.environment, generatorVersion: settings.version)
        build.overlay = overlay
        build.environmentStandIns = options.secretsAbsent || forcedStandIns
        let kind = DocumentKind(path: path) ?? .declarations
        if kind == .style { build.targetOverride = options.target }
        let configuration: CheckRequest.Configuration =
            kind == .configuration ? .file(path) : .search(from: FilePaths.directory(of: path), displayFolder: nil)
        var session = CheckSession(
            CheckRequest(
                build: build, configuration: configuration,
                baselinePath: kind == .configuration ? nil : options.baseline))
        var result = DocumentCheck(readPaths: [path])
        if let configurationPath = session.configurationPath {
            result.readPaths.insert(FilePaths.normalized(configurationPath))
        }
        switch kind {
        case .configuration: break
        case .style:
            session.validate([path])
            // A new `fetch-base` rewrites the lock beside the style: its assets are then checked again.
            result.readPaths.insert(FilePaths.normalized(BaseStyleLock.lockPath(for: path)))
        case .rules: session.validate([path])
        case .declarations:
            let checked = session.check(declarationsPath: path)
            result.readPaths.formUnion(checked.readPaths.map(FilePaths.normalized))
            result.declarations = checked.declarations
        }
        for diagnostic in session.outcome().findings {
            var file = diagnostic.location?.file.name ?? diagnostic.fileName ?? path
            if !file.hasPrefix("/") { file = path }
            result.findings[FilePaths.normalized(file), default: []].append(diagnostic)
        }
        return result
    }

    /// True when some check's declarations name `path` as a rules document.
    func isNamedAsRules(_ path: String) -> Bool {
        checks.contains { $0.key != path && $0.value.rulesFiles(declaredIn: $0.key).contains(path) }
    }

    /// Checks `roots` again and publishes the diagnostics of every file whose findings may have changed.
    func publishChecks(of roots: Set<String>) -> [JSONNode] {
        var touched: Set<String> = []
        for root in roots.sorted() {
            let old = checks[root]
            let new = check(root)
            log(.debug, "checked \(root): \(new.findings.values.reduce(0) { $0 + $1.count }) findings")
            checks[root] = new
            touched.formUnion(old?.findings.keys ?? [:].keys)
            touched.formUnion(new.findings.keys)
            // An open document the check read hears the result even when it has nothing: its editor waits for it.
            touched.formUnion(new.readPaths.filter { documents[$0] != nil })
        }
        return republish(touched)
    }

    /// `textDocument/publishDiagnostics` for each of `files`: the findings every check has in it, each once.
    func republish(_ files: Set<String>) -> [JSONNode] {
        var messages: [JSONNode] = []
        for file in files.sorted() {
            var seen: Set<String> = []
            var diagnostics: [Diagnostic] = []
            // A vector style's or a rules document's own check (as a TomTom base) gives way to the declarations'
            // that check it as what it is.
            let checkedElsewhere = checks.contains { $0.key != file && $0.value.names(file, declaredIn: $0.key) }
            for root in checks.keys.sorted() where !(checkedElsewhere && root == file) {
                for diagnostic in checks[root]?.findings[file] ?? [] {
                    let key = "\(diagnostic.rule)\u{1}\(diagnostic.location?.offset ?? -1)\u{1}\(diagnostic.message)"
                    if seen.insert(key).inserted { diagnostics.append(diagnostic) }
                }
            }
            if diagnostics.isEmpty, !published.contains(file), documents[file] == nil { continue }
            if diagnostics.isEmpty { published.remove(file) } else { published.insert(file) }
            let lines = documents[file]?.lines ?? diagnostics.first?.location.map { LineIndex($0.file.bytes) }
            var params: [JSONMember] = [
                JSONMember(key: "uri", value: .string(documents[file]?.uri ?? DocumentURI.uri(of: file)))
            ]
            if let version = documents[file]?.version {
                params.append(JSONMember(key: "version", value: .integer(version)))
            }
            let converter = DiagnosticConverter(encoding: encoding, rulesDocumentation: settings.rulesDocumentation)
            params.append(
                JSONMember(
                    key: "diagnostics",
                    value: .array(diagnostics.map { converter.node($0, lines: lines ?? LineIndex([])) })))
            messages.append(
                Outgoing.notification(
                    "textDocument/publishDiagnostics", JSONNode(.object(JSONObject(params)))))
        }
        return messages
    }
}
