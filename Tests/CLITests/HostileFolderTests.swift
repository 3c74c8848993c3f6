import Foundation
import TestSupport
import Testing

@testable import MCStyleCLI

/// Hostile files and folders (issue 37, items 3, 8, 10, 11, 12 and 14): links out of the output folder, paths out
/// of the project, FIFOs, control characters, output folders that hold what the tool did not write.
@Suite struct HostileFolderTests {
    static let base = #"{"version": 8, "sources": {}, "layers": [{"id": "bg", "type": "background"}]}"#

    private func write(_ text: String, _ name: String, in folder: URL) throws -> URL {
        let url = folder.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
        return url
    }

    /// A small project of its own: base.json and mc-style.yaml with one source.
    private func project(in folder: URL, opacity: String = "0.5") throws -> URL {
        _ = try write(Self.base, "base.json", in: folder)
        return try write(
            """
            version: 1
            base: base.json
            sources:
              - id: a
                urlTemplate: https://tiles.example.com/{z}/{x}/{y}.png
                opacity: \(opacity)
            """, "mc-style.yaml", in: folder)
    }

    /// Item 3: `--check --diff` never follows a link out of the output folder: the link is refused as something
    /// mc-style did not write, and nothing it leads to is printed.
    @Test func checkDiffDoesNotFollowLinksOutOfTheFolder() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let declarations = try project(in: folder)
        let out = folder.appendingPathComponent("out")
        #expect(runTool(["compile", declarations.path, "--out", out.path]).status == 0)
        let secret = try write("TTKEY=Zr8vWq2mN5xK7pLs\n", "elsewhere/env", in: folder)
        try FileManager.default.removeItem(at: out.appendingPathComponent("style.json"))
        try FileManager.default.createSymbolicLink(
            atPath: out.appendingPathComponent("style.json").path, withDestinationPath: secret.path)
        let run = runTool(["compile", declarations.path, "--out", out.path, "--check", "--diff"])
        #expect(run.status == 1)
        #expect(!run.output.contains("Zr8vWq2mN5xK7pLs") && !run.error.contains("Zr8vWq2mN5xK7pLs"))
        #expect(run.error.contains("holds 'style.json', which is not a regular file"), "\(run.error)")
        let write = runTool(["compile", declarations.path, "--out", out.path])
        #expect(write.status == 1)
        #expect(try String(contentsOf: secret, encoding: .utf8) == "TTKEY=Zr8vWq2mN5xK7pLs\n")
    }

    /// Item 3: `base:` and `assets:` paths stay in the project; the same file on the command line is the user's
    /// choice. A file that is not a style is never quoted, not one line of it.
    @Test func basesAndAssetsStayInTheProject() throws {
        let root = try makeStandaloneTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let credentials = try write(
            "https://user:ghp_Q2w3E4r5T6y7U8i9O0p1A2s3D4f5G6h7J8k9@github.com\n", "home/.git-credentials", in: root)
        let projectFolder = root.appendingPathComponent("project")
        try FileManager.default.createDirectory(
            at: projectFolder.appendingPathComponent(".git"), withIntermediateDirectories: true)
        _ = try write(Self.base, "styles/base.json", in: projectFolder)
        let escaping = try write(
            """
            version: 1
            base: ../../home/.git-credentials
            assets:
              sprite: ../../home/.git-credentials
            sources: []
            """, "app/mc-style.yaml", in: projectFolder)
        let run = runTool(["validate", escaping.path])
        #expect(run.status == 1)
        #expect(
            run.output.contains("app/mc-style.yaml:2:7: error: base style '")
                && run.output.contains("lies outside the project folder"), "\(run.output)")
        #expect(run.output.contains("[decl.path-escape]"))
        #expect(!run.output.contains("ghp_Q2w3"), "\(run.output)")
        // Inside the project, up through the declarations' folder: fine (as the demo's ../../styles/...).
        let inside = try write(
            "version: 1\nbase: ../styles/base.json\nsources: []\n", "app/inside.yaml", in: projectFolder)
        #expect(runTool(["validate", inside.path]).status == 0)
        // Given on the command line, the file is read; being no style, none of it is printed.
        let given = runTool(["validate", "--base", credentials.path, inside.path])
        #expect(given.status == 1 && given.output.contains("[json.syntax]"), "\(given.output)")
        #expect(!given.output.contains("ghp_Q2w3") && !given.output.contains("github.com"), "\(given.output)")
        // Without .git, the project is the declarations file's own folder.
        try FileManager.default.removeItem(at: projectFolder.appendingPathComponent(".git"))
        let noGit = runTool(["validate", inside.path])
        #expect(noGit.status == 1 && noGit.output.contains("[decl.path-escape]"), "\(noGit.output)")
    }

    /// Item 8: FIFOs are refused at once, wherever they are named.
    @Test func fifosDoNotHang() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = try project(in: folder)
        for name in ["parts/f.yaml", "x.fifo.json"] {
            try FileManager.default.createDirectory(
                at: folder.appendingPathComponent("parts"), withIntermediateDirectories: true)
            #expect(mkfifo(folder.appendingPathComponent(name).path, 0o600) == 0)
        }
        let including = try write(
            "version: 1\nbase: base.json\nsources:\n  - !include parts/f.yaml\n", "inc.yaml", in: folder)
        let fifoBase = try write("version: 1\nbase: x.fifo.json\nsources: []\n", "fifo-base.yaml", in: folder)
        let cases: [([String], String)] = [
            (["validate", including.path], "inc.yaml:4:5: error: cannot include 'parts/f.yaml': "),
            (["validate", fifoBase.path], "fifo-base.yaml:2:7: error: base style "),
            (
                ["validate", "--base", folder.appendingPathComponent("x.fifo.json").path, including.path],
                "is not a regular file"
            ),
            (["validate", folder.appendingPathComponent("x.fifo.json").path], "is not a regular file"),
        ]
        for (words, expected) in cases {
            let (run, timedOut) = runBuiltTool(words, seconds: 10)
            #expect(!timedOut, "\(words) hung")
            #expect(
                run.status == 1 && run.output.contains(expected) && run.output.contains("is not a regular file"),
                "\(words): \(run.output)")
        }
    }

    /// Item 10: control characters in ids and anchors are shown as escapes, never sent to the terminal, and
    /// cannot forge a finding or a GitHub command line.
    @Test func controlCharactersAreShownNotSent() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = try project(in: folder)
        let hostile = try write(
            #"""
            version: 1
            base: base.json
            sources:
              - id: "\e]0;PWNED\a\e[2J"
                urlTemplate: https://tiles.example.com/{z}/{x}/{y}.png
                placement: {below: "nope\n::error file=README.md,line=1::forged"}
            """#, "hostile.yaml", in: folder)
        let run = runTool(["validate", hostile.path])
        #expect(run.status == 1)
        #expect(
            !run.output.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" && $0 != "\t" }
                && !run.output.contains("\u{7F}"), "\(run.output)")
        #expect(run.output.contains(#"\e]0;PWNED\a\e[2J"#), "\(run.output)")
        #expect(run.output.contains(#"nope\n::error file=README.md"#), "\(run.output)")
        #expect(!run.output.split(separator: "\n").contains { $0.hasPrefix("::error") })
        let github = runTool(["validate", "--format", "github", hostile.path])
        #expect(!github.output.split(separator: "\n").contains { $0.hasPrefix("::error file=README.md") })
        let usage = runTool(["compile", "--out", "x", "--bogus\u{1B}[2J"])
        #expect(
            usage.status == 2 && !usage.error.contains("\u{1B}") && usage.error.contains(#"\e[2J"#), "\(usage.error)")
    }

    /// Item 11: a folder with content mc-style did not write is refused, and left exactly as it was; litter
    /// is neither a reason to refuse nor carried over.
    @Test func aFolderHoldingOtherContentIsRefused() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let declarations = try project(in: folder)
        let out = folder.appendingPathComponent("out")
        let privateFile = try write("mine", "out/private/c.txt", in: folder)
        #expect(chmod(out.appendingPathComponent("private").path, 0o700) == 0)
        let refused = runTool(["compile", declarations.path, "--out", out.path])
        #expect(refused.status == 1)
        #expect(
            refused.error.contains(
                "holds 'private', which mc-style did not write: choose an empty folder for the output"),
            "\(refused.error)")
        #expect(try String(contentsOf: privateFile, encoding: .utf8) == "mine")
        var status = stat()
        #expect(stat(out.appendingPathComponent("private").path, &status) == 0 && status.st_mode & 0o777 == 0o700)
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path) == ["private"])
        // A dangling link and a link to a folder are refused too, and stay.
        try FileManager.default.removeItem(at: out.appendingPathComponent("private"))
        try FileManager.default.createSymbolicLink(
            atPath: out.appendingPathComponent("style.json").path, withDestinationPath: "nowhere")
        #expect(runTool(["compile", declarations.path, "--out", out.path]).status == 1)
        #expect(
            (try? FileManager.default.destinationOfSymbolicLink(atPath: out.appendingPathComponent("style.json").path))
                == "nowhere")
        try FileManager.default.removeItem(at: out.appendingPathComponent("style.json"))
        // Litter only: written, and the litter is not in the new folder.
        _ = try write("x", "out/.DS_Store", in: folder)
        let written = runTool(["compile", declarations.path, "--out", out.path])
        #expect(written.status == 0, "\(written.error)")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: out.path).sorted() == [
                "manifest.json", "style.json", "tilejson",
            ])
    }

    /// Item 11: the folder keeps its mode (setgid included), owner and group.
    @Test func theFolderKeepsItsModeOwnerAndGroup() throws {
        let folder = try makeStandaloneTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let declarations = try project(in: folder)
        let out = folder.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: false)
        #expect(chmod(out.path, 0o2750) == 0)
        if runsAsRoot { #expect(chown(out.path, 65534, 65534) == 0) }
        var before = stat()
        #expect(stat(out.path, &before) == 0)
        for opacity in ["0.5", "0.6"] {
            _ = try project(in: folder, opacity: opacity)
            let run = runTool(["compile", declarations.path, "--out", out.path])
            #expect(run.status == 0, "\(run.error)")
            var after = stat()
            #expect(stat(out.path, &after) == 0)
            #expect(
                after.st_mode & 0o7777 == 0o2750 && after.st_uid == before.st_uid && after.st_gid == before.st_gid,
                "\(String(after.st_mode, radix: 8))")
        }
    }

    /// Item 11: the output folder is judged by its real path: not the working folder, an ancestor of it, an
    /// input's folder, `/`, nor a mount point.
    @Test func theOutputFolderIsJudgedByItsRealPath() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let declarations = try project(in: folder)
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("x"), withIntermediateDirectories: false)
        try FileManager.default.createSymbolicLink(
            atPath: folder.appendingPathComponent("link").path, withDestinationPath: folder.path)
        for out in [
            folder.path, "x/..", folder.appendingPathComponent("link").path, "/",
            folder.deletingLastPathComponent().path,
        ] {
            let run = runTool(["compile", declarations.path, "--out", out], in: folder.path)
            #expect(run.status == 1, "\(out)")
            #expect(run.error.contains("cannot be the output folder"), "\(out): \(run.error)")
        }
        #expect(
            FileManager.default.fileExists(atPath: declarations.path)
                && FileManager.default.fileExists(atPath: folder.appendingPathComponent("x").path))
        guard runsAsRoot else {
            print("skipped: the mount point case needs root to mount a tmpfs")
            return
        }
        let mounted = folder.appendingPathComponent("mounted")
        try FileManager.default.createDirectory(at: mounted, withIntermediateDirectories: false)
        let mount = Process()
        mount.executableURL = URL(fileURLWithPath: "/bin/mount")
        mount.arguments = ["-t", "tmpfs", "tmpfs", mounted.path]
        try mount.run()
        mount.waitUntilExit()
        guard mount.terminationStatus == 0 else {
            print("skipped: mount -t tmpfs failed here (no permission in this sandbox)")
            return
        }
        defer {
            let unmount = Process()
            unmount.executableURL = URL(fileURLWithPath: "/bin/umount")
            unmount.arguments = [mounted.path]
            try? unmount.run()
            unmount.waitUntilExit()
        }
        let run = runTool(["compile", declarations.path, "--out", mounted.path])
        #expect(run.status == 1 && run.error.contains("is a mount point"), "\(run.error)")
        #expect(FolderContents.names(folder).filter { $0.contains("mc-style-staging") }.isEmpty)
    }

    /// Item 12: as a user who cannot write `tilejson` (mode 555), repeated compiles of a changed input succeed,
    /// keep the mode and leave no staging folders behind.
    @Test func anUnwritableSubfolderLeavesNothingBehind() throws {
        guard runsAsRoot, FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv") else {
            print("skipped: needs root and setpriv to run the compile as nobody")
            return
        }
        let folder = try makeStandaloneTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = try write(Self.base, "base.json", in: folder)
        func declarations(_ opacity: String) throws -> URL {
            try write(
                """
                version: 1
                base: base.json
                sources:
                  - { id: a, tileJson: "https://tiles.example.com/a.json", opacity: \(opacity) }
                  - { id: b, urlTemplate: "https://tiles.example.com/{z}/{x}/{y}.png" }
                """, "mc-style.yaml", in: folder)
        }
        let path = try declarations("0.5").path
        #expect(chown(folder.path, 65534, 65534) == 0 && chmod(folder.path, 0o755) == 0)
        let nobody = (uid: 65534, gid: 65534)
        let first = runBuiltTool(["compile", path, "--out", "out"], in: folder.path, user: nobody).run
        #expect(first.status == 0, "\(first.error)")
        #expect(chmod(folder.appendingPathComponent("out/tilejson").path, 0o555) == 0)
        for opacity in ["0.6", "0.7", "0.8", "0.9"] {
            _ = try declarations(opacity)
            let run = runBuiltTool(["compile", path, "--out", "out"], in: folder.path, user: nobody).run
            #expect(run.status == 0, "\(run.error)")
            #expect(
                try String(contentsOf: folder.appendingPathComponent("out/style.json"), encoding: .utf8).contains(
                    "\"raster-opacity\": \(opacity)"))
            var status = stat()
            #expect(
                stat(folder.appendingPathComponent("out/tilejson").path, &status) == 0
                    && status.st_mode & 0o777 == 0o555)
        }
        #expect(
            FolderContents.names(folder).filter { $0.contains("mc-style-") }.isEmpty, "\(FolderContents.names(folder))")
    }

    /// Item 14: a NUL in a path is refused, not cut; a link loop is called one; `--dependencies` that cannot be
    /// written leaves the output folder untouched.
    @Test func smallerPathTruths() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let declarations = try project(in: folder)
        let nul = try write(
            "version: 1\nbase: \"base.json\\0.yaml\"\nsources:\n  - !include \"parts\\0x.yaml\"\n", "nul.yaml",
            in: folder)
        let run = runTool(["validate", nul.path])
        #expect(run.status == 1)
        #expect(
            run.output.contains("nul.yaml:4:5: error: cannot include 'parts\\u{0}x.yaml': the path has a NUL byte"),
            "\(run.output)")
        try FileManager.default.createSymbolicLink(
            atPath: folder.appendingPathComponent("loop1.yaml").path, withDestinationPath: "loop2.yaml")
        try FileManager.default.createSymbolicLink(
            atPath: folder.appendingPathComponent("loop2.yaml").path, withDestinationPath: "loop1.yaml")
        let looping = try write(
            "version: 1\nbase: base.json\nsources:\n  - !include loop1.yaml\n", "looping.yaml", in: folder)
        let loop = runTool(["validate", looping.path])
        #expect(
            loop.output.contains("is a symbolic link loop") && !loop.output.contains("does not exist"), "\(loop.output)"
        )
        let out = folder.appendingPathComponent("out")
        let failed = runTool([
            "compile", declarations.path, "--out", out.path, "--dependencies",
            folder.appendingPathComponent("missing/deps.json").path,
        ])
        #expect(failed.status == 1)
        #expect(!FileManager.default.fileExists(atPath: out.path))
    }
}

/// The names in a folder, for checks of what a run left there.
enum FolderContents {
    static func names(_ folder: URL) -> [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    }
}
