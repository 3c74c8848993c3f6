import StyleCompiler

/// File names as a CI service resolves them: relative to the repository's folder (the nearest above the working
/// folder holding `.git`) when the file lies inside it, else as given. GitHub annotations and GitLab's Code Quality
/// report both name files this way.
struct RepositoryPaths {
    /// The repository's folder; nil leaves names as they are.
    var repositoryRoot: String? = nil
    /// The folder relative names are relative to.
    var currentDirectory = "."

    /// Names for a tool run in `currentDirectory`: relative to its repository.
    init(currentDirectory: String) {
        self.currentDirectory = currentDirectory
        self.repositoryRoot = ProjectFolder(declarationsPath: FilePaths.join(currentDirectory, "mc-style.yaml"))?.path
    }

    /// Names left as they are.
    init() {}

    /// `file` relative to the repository when it lies inside it, else as it is.
    func shown(_ file: String) -> String {
        guard let repositoryRoot else { return file }
        let relative = FilePaths.relativePath(from: repositoryRoot, to: FilePaths.join(currentDirectory, file))
        return relative.hasPrefix("../") || relative == ".." || relative.hasPrefix("/") ? file : relative
    }
}
