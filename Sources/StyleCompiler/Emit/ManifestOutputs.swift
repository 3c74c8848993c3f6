import LocatedJSON

/// The files a compile wrote, as its `manifest.json` records them: the manifest itself, each variant's style and
/// layer mapping (`variants[].style.path`, `variants[].layerMapping.path`) and each source's TileJSON
/// (`sources[].tileJson`) and each bundled vector style (`vectorStyles[].style.path`). The next compile replaces or removes only these.
enum ManifestOutputs {
    /// The outputs `folder/manifest.json` lists, as paths inside the folder; empty when the folder holds no
    /// manifest (no compile wrote it). Throws when the manifest cannot be read as one.
    static func listed(inFolder folder: String) throws(OutputError) -> Set<String> {
        let path = FilePaths.join(folder, OutputLayout.manifest)
        guard OutputFolderClaim.isRegularFile(path) else { return [] }
        let unreadable = OutputError(
            path: folder,
            reason:
                "holds a \(OutputLayout.manifest) that mc-style cannot read, so what the last compile wrote is not known: choose an empty folder for the output, or remove the folder's files yourself"
        )
        var loader = InputLoader(maximumFileSize: Limits.tilesIndexSize)
        loader.followsSymbolicLinks = false
        guard let bytes = try? loader.bytes(path: path),
            let root = try? JSONParser().parse(bytes: bytes, name: path).root, root.objectValue != nil
        else { throw unreadable }
        var listed: Set<String> = [OutputLayout.manifest]
        for variant in root["variants"]?.arrayValue ?? [] {
            for key in ["style", "layerMapping"] {
                if let file = variant[key]?["path"]?.stringValue { listed.insert(file) }
            }
        }
        for source in root["sources"]?.arrayValue ?? [] {
            if let file = source["tileJson"]?.stringValue { listed.insert(file) }
        }
        for vector in root["vectorStyles"]?.arrayValue ?? [] {
            if let file = vector["style"]?["path"]?.stringValue { listed.insert(file) }
        }
        return listed
    }
}
