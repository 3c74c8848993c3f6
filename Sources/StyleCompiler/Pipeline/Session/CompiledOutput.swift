import LocatedJSON

/// Where a compile's files go, and how: written (with the dependency list first), or only compared.
public struct CompiledOutput: Sendable {
    /// The output folder, as given.
    public var folder: String
    /// Compare only (`compile --check`): nothing is written.
    public var checksOnly = false
    /// Compare before writing too, so that the outcome says what changed (`--format json`).
    public var reportsChanges = false
    /// Where to record the files read (`--dependencies`), written atomically before the folder; nil: nowhere.
    public var dependencies: String?

    /// The folder as written: normalized, and where a symbolic link given as the folder leads.
    public var resolvedFolder: String { OutputFolder(path: folder).path }

    /// Output into `folder`.
    public init(folder: String) {
        self.folder = folder
    }

    /// What writing or comparing came to.
    public struct Outcome: Sendable {
        /// The files that differ from the folder's, when compared (sorted by path); empty otherwise.
        public var changes: [OutputChange] = []
        /// True when the folder was written and its contents changed.
        public var changed = false
        /// Why the folder could not be read or written; nothing was written then.
        public var problem: Diagnostic? = nil
    }

    /// `{"inputs": [...]}`: each path read, absolute, in the order read.
    public static func dependencyList(_ paths: [String], currentDirectory: String) -> [UInt8] {
        let absolute = paths.map { FilePaths.join(currentDirectory, $0) }
        return JSONWriter(style: .pretty).bytes(.object(["inputs": .array(absolute.map { .string($0) })]))
    }
}

extension CheckSession {
    /// Writes (or compares) `files`, compiled from `readPaths`, as `output` says. The folder may not be, nor
    /// hold, a folder the session protects (`protectedFolders`).
    public func write(
        _ files: [OutputFile], readPaths: [String], to output: CompiledOutput, currentDirectory: String
    ) -> CompiledOutput.Outcome {
        let folder = OutputFolder(
            path: output.folder, protecting: protectedFolders(currentDirectory: currentDirectory, readPaths: readPaths))
        var outcome = CompiledOutput.Outcome()
        do throws(OutputError) {
            // The report says what changed, so the folder is compared first (read once more, for the report only).
            if output.checksOnly || output.reportsChanges { outcome.changes = try folder.changes(files) }
        } catch {
            outcome.problem = error.diagnostic
            return outcome
        }
        guard !output.checksOnly else { return outcome }
        do {
            // The dependency list first: a failure to write it (a full disk) leaves the output folder untouched.
            if let dependencies = output.dependencies {
                try AtomicFileWriter().write(
                    CompiledOutput.dependencyList(readPaths, currentDirectory: currentDirectory), to: dependencies)
            }
            outcome.changed = try folder.write(files)
        } catch {
            outcome.problem = error.diagnostic
        }
        return outcome
    }
}
