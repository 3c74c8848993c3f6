import StyleCompiler

/// What a snapshot folder holds, so that a run knows its own files (its output folder, a baseline) and refuses
/// everything else: pictures named `<view>.<variant>.png` (both plain names: letters, digits, `-` and `_`),
/// `report.md` and `report.html`, and the `baseline/` and `difference/` folders of such pictures. Pictures are read
/// only when they are regular files (never through a link) within `Limits.pictureSize`.
public enum SnapshotFolder {
    /// The report's files at the folder's top.
    static let reportFiles: Set<String> = ["report.md", "report.html"]
    /// What `snapshot` writes into its output folder.
    public static let layout = OutputFolderLayout(
        ownsFile: { isPictureName($0) || reportFiles.contains($0) },
        subfolders: ["baseline": { isPictureName($0) }, "difference": { isPictureName($0) }])

    /// True for `<view>.<variant>.png` with a plain view and variant name.
    static func isPictureName(_ name: String) -> Bool {
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 3 && parts[2] == "png" && BaseVariant.isValidName(String(parts[0]))
            && BaseVariant.isValidName(String(parts[1]))
    }

    /// The pictures at the top of `folder` (its `*.png` entries), by name; an entry whose name is not a picture's
    /// or that is not a regular file is an error naming it, so that no other name reaches a report or a log line.
    static func pictures(in folder: String) throws(SnapshotError) -> [String] {
        var names: [String] = []
        for name in FolderEntries.names(in: folder, suffixed: ".png").sorted() {
            guard isPictureName(name) else {
                throw SnapshotError(
                    "the baseline folder '\(folder)' holds \(quoted(name)), which is not a picture name (<view>.<variant>.png, each 1 to 64 letters, digits, '-' and '_')"
                )
            }
            names.append(name)
        }
        return names
    }

    /// The bytes of picture `name` in `folder`: a regular file, not a link, at most `Limits.pictureSize` bytes.
    static func picture(_ name: String, in folder: String) throws(SnapshotError) -> [UInt8] {
        var loader = InputLoader(maximumFileSize: Limits.pictureSize)
        loader.followsSymbolicLinks = false
        do throws(InputError) {
            return try loader.bytes(path: FilePaths.join(folder, name))
        } catch {
            throw SnapshotError("the baseline picture '\(FilePaths.join(folder, name))' \(error.reason)")
        }
    }

    /// `name` in quotes with its control characters written out, for a message.
    static func quoted(_ name: String) -> String {
        var text = "'"
        for scalar in name.unicodeScalars {
            switch scalar.value {
            case 0x00...0x1F, 0x7F...0x9F, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069:
                text += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default: text.unicodeScalars.append(scalar)
            }
        }
        return text + "'"
    }
}
