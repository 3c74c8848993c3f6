import Testing

@testable import StyleCompiler

/// Path arithmetic: what locations, manifests and the configuration lookup print and look for.
@Suite struct FilePathsTests {
    @Test(arguments: [
        ("a/b/c.json", "a/b/c.json"),
        ("./a//b/./c.json", "a/b/c.json"),
        ("a/b/../c.json", "a/c.json"),
        ("../../a/b/../c.json", "../../a/c.json"),
        ("a/../..", ".."),
        ("/a/b/../../../c", "/c"),
        ("/", "/"),
        ("", "."),
        (".", "."),
        ("a/..", "."),
        ("/x/./y/", "/x/y"),
        ("été/ü/../ö.json", "été/ö.json"),
    ])
    func normalizedFoldsDotsAndEmptyParts(path: String, expected: String) {
        #expect(FilePaths.normalized(path) == expected)
    }

    @Test func joinResolvesAgainstTheFolderUnlessAbsolute() {
        #expect(FilePaths.join("styles/base", "../bases/dark.json") == "styles/bases/dark.json")
        #expect(FilePaths.join(".", "./a.json") == "a.json")
        #expect(FilePaths.join("styles", "/abs/a.json") == "/abs/a.json")
        #expect(FilePaths.directory(of: "a/b.json") == "a")
        #expect(FilePaths.directory(of: "/b.json") == "/")
        #expect(FilePaths.directory(of: "b.json") == ".")
    }
}
