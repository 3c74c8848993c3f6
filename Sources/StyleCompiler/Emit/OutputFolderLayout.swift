/// What an output folder of one kind holds, so that the next run knows its own files: the names of the files at
/// its top and the subfolders with the names of their files. Anything else in the folder (another file, a
/// subfolder, a link) is refused, so a run never replaces, re-creates or follows what it did not write.
public struct OutputFolderLayout: Sendable {
    /// True for a file name at the folder's top that this kind of run writes.
    public let ownsFile: @Sendable (String) -> Bool
    /// The subfolders this kind of run writes, each with the test for the names of the files in it.
    public let subfolders: [String: @Sendable (String) -> Bool]

    /// A layout of these files and subfolders.
    public init(ownsFile: @escaping @Sendable (String) -> Bool, subfolders: [String: @Sendable (String) -> Bool]) {
        self.ownsFile = ownsFile
        self.subfolders = subfolders
    }

    /// What `compile` writes: `manifest.json`, `style*.json`, `layer-mapping*.json` and `tilejson/*.json`.
    public static let compiled = OutputFolderLayout(
        ownsFile: { $0 == OutputLayout.manifest || OutputLayout.isVariantOutput($0) },
        subfolders: [OutputLayout.tileJSONFolder: { $0.hasSuffix(".json") }])
}
