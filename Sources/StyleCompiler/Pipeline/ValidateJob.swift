import LocatedJSON

/// `mc-style validate` short of printing: the findings for one file, read as `compile` reads it.
public struct ValidateJob: Sendable {
    /// What the command line says.
    public var options: BuildOptions

    /// A validation with these options.
    public init(options: BuildOptions) {
        self.options = options
    }

    /// A validation with the options given one by one.
    public init(
        target: Target?, baseOverride: String? = nil, environment: [String: String],
        generatorVersion: String = ToolVersion.current
    ) {
        self.init(
            options: BuildOptions(
                baseOverride: baseOverride, targetOverride: target, environment: environment,
                generatorVersion: generatorVersion))
    }

    /// Every finding for `path`: a `.json` file is a style on its own; anything else is declarations, checked
    /// with their includes, base style and composed style; `-` is standard input, a style when its first
    /// character (after white space and a byte-order mark) is `{`, else declarations. Each finding is pushed into
    /// `options.sink`; those of this file come back.
    @discardableResult
    public func run(path: String) -> [Diagnostic] {
        let mark = options.sink.count
        check(path: path)
        return options.sink.findings(since: mark)
    }

    private func check(path: String) {
        let sink = options.sink
        if path == "-" {
            let inputLoader = InputLoader()
            let file: SourceFile
            do {
                file = try inputLoader.loadStandardInput()
            } catch {
                sink.push([error.diagnostic])
                return
            }
            if Self.looksLikeJSONObject(file.bytes) { return validateStyle(StyleLoader().parse(file)) }
            // The tree's nodes are placed through the table the file was read into.
            var loader = DeclarationsLoader(environment: options.environment, inputLoader: inputLoader)
            loader.environmentStandIns = options.environmentStandIns
            sink.push(loader.load(file, path: nil).diagnostics)
            return
        }
        switch InputKind(path: path) {
        case .style:
            let (loaded, locked) = BaseStyleLock.assets(besideStyle: path, inputLoader: options.inputLoader) {
                StyleLoader(inputLoader: options.inputLoader).load(path: path)
            }
            validateStyle(loaded, locked: locked)
        case .rules:
            // A rules document alone: its own mistakes (what it matches is said where a design applies it).
            let read = StyleRulesReader(inputLoader: options.inputLoader).load(path: path, displayName: path)
            let mark = sink.count
            sink.push(read.diagnostics)
            sink.settle(since: mark)
        case .declarations, .configuration: _ = CompileJob(declarationsPath: path, options: options).checkCounting()
        }
    }

    /// True when the first byte that is not white space or part of a UTF-8 byte-order mark is `{`.
    static func looksLikeJSONObject(_ bytes: [UInt8]) -> Bool {
        bytes.first { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) } == UInt8(ascii: "{")
    }

    /// The findings for a style alone, checked against the assets locked beside it (when it has a lock) under
    /// the command line's.
    private func validateStyle(
        _ loaded: (document: JSONDocument?, diagnostics: [Diagnostic]),
        locked: BaseStyleLock.Reading = BaseStyleLock.Reading(assets: nil, diagnostics: [], paths: [])
    ) {
        let sink = options.sink
        guard let document = loaded.document else {
            sink.push(loaded.diagnostics)
            return
        }
        defer { ProcessExit.leave(document) }
        let assets = (locked.assets ?? StyleAssets()).overridden(by: options.assets)
        var validator = StyleValidator(target: options.targetOverride ?? .tomtom, assets: assets)
        validator.minimumContrast = options.collector.configuration.minimumContrast
        let renderers = options.rendererTargets(declared: nil)
        validator.renderers = renderers.targets
        let mark = sink.count
        sink.push(
            loaded.diagnostics + locked.diagnostics + renderers.diagnostics
                + validator.validate(document.root, in: document))
        sink.settle(since: mark)
    }
}
