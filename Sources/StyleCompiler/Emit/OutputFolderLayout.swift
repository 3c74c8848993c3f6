/// What an output folder of one kind holds, so that the next run knows its own files: the names of the files at
/// its top and the subfolders with the names of their files. Anything else in the folder (another file, a
/// subfolder, a link) is refused, so a run never replaces, re-creates or follows what it did not write.
public struct OutputFolderLayout: Sendable {
    /// True for a file name at the folder's top that this kind of run writes.
    public let ownsFile: @Sendable (String) -> Bool
    /// The subfolders this kind of run writes, each with the test for the names of the files in it.
    public let subfolders: [String: @Sendable (String) -> Bool]
    /// The files the last run says it wrote into the folder (paths inside it), read from the folder itself; nil
    /// for a kind of run that keeps no such record (its files are known by their names alone).
    public let listedOutputs: (@Sendable (String) throws(OutputError) -> Set<String>)?

    /// A layout of these files and subfolders; `listedOutputs` reads the last run's record of what it wrote.
    public init(
        ownsFile: @escaping @Sendable (String) -> Bool, subfolders: [String: @Sendable (String) -> Bool],
        listedOutputs: (@Sendable (String) throws(OutputError) -> Set<String>)? = nil
    ) {
        self.ownsFile = ownsFile
        self.subfolders = subfolders
        self.listedOutputs = listedOutputs
    }

    /// What `compile` writes: `manifest.json`, `style*.json`, `layer-mapping*.json`, `tilejson/*.json` and
    /// `vector-styles/*.json`, and of those only what the last compile's `manifest.json` lists: a hand-made
    /// `style.backup.json` is refused, never removed.
    public static let compiled = OutputFolderLayout(
        ownsFile: { $0 == OutputLayout.manifest || OutputLayout.isVariantOutput($0) },
        subfolders: [
            OutputLayout.tileJSONFolder: { $0.hasSuffix(".json") },
            OutputLayout.vectorStyleFolder: { $0.hasSuffix(".json") },
        ],
        listedOutputs: { folder throws(OutputError) in try ManifestOutputs.listed(inFolder: folder) })
}
