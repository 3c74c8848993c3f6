import StyleRuntime

/// The jobs a session runs: each runs only when the configuration let the session start, with the session's
/// options, and pushes its findings into the session's sink as it makes them.
extension CheckSession {
    /// Checks each file at `paths` as `validate` does (declarations with their includes, base and composed
    /// style; a style on its own; `-` standard input).
    public mutating func validate(_ paths: [String]) {
        guard !isStopped else { return }
        let job = ValidateJob(options: options)
        for path in paths { job.run(path: path) }
    }

    /// Compiles the declarations at `declarationsPath` (nil: the base override alone) with the request's API key
    /// filling `{key}`; the result holds no files when the session had errors before it (an unreadable asset, a broken
    /// profile) or the compile found some.
    public mutating func compile(declarationsPath: String?, compact: Bool = false)
        -> CompileResult
    {
        guard !isStopped else { return .nothing }
        let hadErrors = hasErrors
        var result = CompileJob(
            declarationsPath: declarationsPath, options: options, apiKey: request.apiKey, compact: compact
        )
        .runCounting()
        if hadErrors { result.files = nil }
        return result
    }

    /// Checks the declarations at `declarationsPath` as `compile` would build them, writing nothing: the files
    /// read and the declarations as decoded come back for an editor.
    public mutating func check(declarationsPath: String) -> CompileResult {
        guard !isStopped else { return .nothing }
        return CompileJob(declarationsPath: declarationsPath, options: options).checkCounting()
    }

    /// Costs the declarations at `path` as `job` says (views, device, recording), with the session's options.
    public mutating func cost(_ job: CostJob, path: String) -> CostJob.Outcome? {
        guard !isStopped else { return nil }
        var job = job
        job.options = options
        return job.run(path: path)
    }

    /// The renderer versions that can draw the file at `path` (a style, or declarations composed onto every
    /// variant); nil when the session stopped before.
    public mutating func compatibility(of path: String) -> CompatibilityJob.Outcome? {
        guard !isStopped, !hasErrors else { return nil }
        let job = CompatibilityJob(options: options)
        let outcome = InputKind(path: path) == .style ? job.style(at: path) : job.declarations(at: path)
        report(outcome.diagnostics)
        return outcome
    }

    /// The folders an output folder of this session may not be nor hold: the folder the tool runs in, and the
    /// folder of every file read (`readPaths`, relative to `currentDirectory`).
    public func protectedFolders(currentDirectory: String, readPaths: [String]) -> [String] {
        [currentDirectory] + readPaths.map { FilePaths.join(currentDirectory, FilePaths.directory(of: $0)) }
    }
}

extension CheckSession {
    /// What resolving a compiled folder came to.
    public enum Resolution: Sendable {
        /// The style, resolved.
        case resolved(ResolvedStyle)
        /// Refused: the findings (`resolve.*`) are in the session.
        case refused
        /// A value given is not acceptable (`resolve.invalid-value`, in the session too): the caller's misuse,
        /// masked.
        case misuse(String)
    }

    /// Resolves the folder `compile` wrote as the app would (`StyleRuntime.CompiledStyle`), with `settings`;
    /// each run-time error becomes a finding of its `resolve.*` rule, named by the folder, the API key and
    /// every environment value masked. `naming` adds, for an unfilled placeholder, how to give it a value.
    public mutating func resolve(
        folder: String, variant: String?, settings: RuntimeSettings, naming: (Placeholder) -> String? = { _ in nil }
    ) -> Resolution {
        options.sink.learn(apiKey: settings.apiKey, environmentValues: Array(settings.environment.values))
        do throws(RuntimeError) {
            return .resolved(try CompiledStyle(folder: folder, variant: variant).resolve(settings))
        } catch {
            let messages =
                error.unfilled.isEmpty
                ? [error.message]
                : error.unfilled.map { unfilled in
                    naming(unfilled.placeholder).map { "\(unfilled.message) (\($0))" } ?? unfilled.message
                }
            report(messages.map { Diagnostic(.resolving(error.kind), $0, at: nil, fileName: folder) })
            return error.isInvalidArgument ? .misuse(masked(error.message)) : .refused
        }
    }
}
