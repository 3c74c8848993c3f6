import LocatedJSON
import StyleCompiler

extension LanguageServer {
    /// The open document a request names, or the error to answer with.
    func document(_ params: JSONNode) throws(RPCError) -> TextDocument {
        guard let uri = params["textDocument"]?["uri"]?.stringValue else {
            throw RPCError(.invalidParams, "the request names no textDocument.uri")
        }
        guard let path = DocumentURI.path(of: uri), let document = documents[FilePaths.normalized(path)] else {
            throw RPCError(.invalidParams, "the document \(uri) is not open")
        }
        return document
    }

    /// The byte offset of the request's `position` in `document`.
    func offset(_ params: JSONNode, in document: TextDocument) throws(RPCError) -> Int {
        guard let line = params["position"]?["line"]?.numberValue?.intValue,
            let character = params["position"]?["character"]?.numberValue?.intValue
        else { throw RPCError(.invalidParams, "the request has no position") }
        return document.lines.offset(of: LSPPosition(line: line, character: character), encoding: encoding)
    }

    func didOpen(_ params: JSONNode) {
        guard let item = params["textDocument"], let uri = item["uri"]?.stringValue,
            let path = DocumentURI.path(of: uri).map(FilePaths.normalized), let kind = DocumentKind(path: path),
            let text = item["text"]?.stringValue
        else {
            log(.info, "didOpen of a document the server does not check")
            return
        }
        let version = item["version"]?.numberValue?.intValue ?? 0
        documents[path] = TextDocument(uri: uri, path: path, kind: kind, version: version, text: Array(text.utf8))
        overlay.set(Array(text.utf8), for: path)
        changed(path)
    }

    func didChange(_ params: JSONNode) {
        guard let uri = params["textDocument"]?["uri"]?.stringValue,
            let path = DocumentURI.path(of: uri).map(FilePaths.normalized), var document = documents[path]
        else {
            log(.info, "didChange of a document that is not open")
            return
        }
        for change in params["contentChanges"]?.arrayValue ?? [] {
            guard let text = change["text"]?.stringValue else { continue }
            var range: (LSPPosition, LSPPosition)?
            if let start = change["range"]?["start"], let end = change["range"]?["end"] {
                range = (Self.position(start), Self.position(end))
            }
            document.apply(range: range, text: Array(text.utf8), encoding: encoding)
        }
        document.version = params["textDocument"]?["version"]?.numberValue?.intValue ?? document.version + 1
        documents[path] = document
        overlay.set(document.bytes, for: path)
        changed(path)
    }

    func didSave(_ params: JSONNode) {
        guard let uri = params["textDocument"]?["uri"]?.stringValue,
            let path = DocumentURI.path(of: uri).map(FilePaths.normalized)
        else { return }
        changed(path)
    }

    func didClose(_ params: JSONNode) -> [JSONNode] {
        guard let uri = params["textDocument"]?["uri"]?.stringValue,
            let path = DocumentURI.path(of: uri).map(FilePaths.normalized), documents[path] != nil
        else { return [] }
        documents[path] = nil
        overlay.set(nil, for: path)
        // Whatever read it reads the saved file now; its own check ends with it unless an open part needs it.
        let dependents = checks.filter { $0.key != path && $0.value.reads(path) }.map(\.key)
        pending.formUnion(dependents)
        var messages: [JSONNode] = []
        if let dropped = checks.removeValue(forKey: path) {
            messages += republish(Set(dropped.findings.keys))
        }
        messages += dropUnneededChecks()
        return messages
    }

    func didChangeWatchedFiles(_ params: JSONNode) {
        for change in params["changes"]?.arrayValue ?? [] {
            guard let uri = change["uri"]?.stringValue, let path = DocumentURI.path(of: uri) else { continue }
            let normalized = FilePaths.normalized(path)
            // An open document's text is the editor's, whatever the disk says.
            if documents[normalized] == nil { changed(normalized) }
        }
    }

    /// Marks for checking every document a change of `path` can change the findings of.
    func changed(_ path: String) {
        if let document = documents[path] {
            switch document.kind {
            case .configuration, .rules: pending.insert(path)
            case .style:
                pending.insert(path)
                // A vector style or a rules document is checked where its declarations name it: find them when
                // nothing checks it yet.
                if !checks.contains(where: { $0.key != path && $0.value.reads(path) }) {
                    pending.formUnion(declarationsNaming(path))
                }
            case .declarations:
                if document.isDeclarationsRoot {
                    pending.insert(path)
                } else if !checks.contains(where: { $0.value.reads(path) }) {
                    pending.formUnion(declarationsReading(path))
                }
            }
        }
        for (root, check) in checks where root != path && check.reads(path) { pending.insert(root) }
        if DocumentKind(path: path) == .configuration {
            let folder = FilePaths.directory(of: path)
            pending.formUnion(checks.keys.filter { $0.hasPrefix(folder + "/") })
        }
    }

    /// Declarations files that may read the part at `path` through `!include`: an open root, else the first
    /// `mc-style.yaml` from its folder up to the repository root.
    func declarationsReading(_ path: String) -> [String] {
        let open = documents.values.filter { $0.isDeclarationsRoot }.map(\.path)
        if !open.isEmpty { return open }
        var folder = FilePaths.directory(of: path)
        while true {
            let candidate = FilePaths.join(folder, "mc-style.yaml")
            if candidate != path, FileSystem.isFile(candidate) { return [candidate] }
            let parent = FilePaths.directory(of: folder)
            if FileSystem.isDirectory(FilePaths.join(folder, ".git")) || parent == folder || parent.isEmpty {
                return []
            }
            folder = parent
        }
    }

    /// The declarations file up the tree from `path` (`declarationsReading`) when its text names the file in a
    /// `vectorStyle:` source or as `rules:`: a cheap look, confirmed by the declarations' check itself.
    func declarationsNaming(_ path: String) -> [String] {
        let name = String(path.split(separator: "/").last ?? "")
        return declarationsReading(path).filter { candidate in
            guard documents[candidate] == nil, let bytes = try? InputLoader().bytes(path: candidate) else {
                return false
            }
            let text = String(decoding: bytes, as: UTF8.self)
            return (text.contains("vectorStyle") || text.contains("rules:")) && text.contains(name)
        }
    }

    /// Ends the checks of closed files no open document needs, clearing their diagnostics.
    func dropUnneededChecks() -> [JSONNode] {
        var cleared: Set<String> = []
        for (root, check) in checks where documents[root] == nil {
            let needed = documents.keys.contains { check.reads($0) }
            if !needed {
                checks[root] = nil
                cleared.formUnion(check.findings.keys)
            }
        }
        return republish(cleared)
    }

    static func position(_ node: JSONNode) -> LSPPosition {
        LSPPosition(
            line: node["line"]?.numberValue?.intValue ?? 0, character: node["character"]?.numberValue?.intValue ?? 0)
    }
}
