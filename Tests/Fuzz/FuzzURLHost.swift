// libFuzzer target: the WHATWG host reading that decides where TomTom's key may go. Every input is read as a
// URL; the verdict must not depend on how the URL was reached (the same text gives the same answer), and a URL
// judged safe for the key must start with `https://` and hold no backslash, `@` or `%` before its path. Each
// input judged safe is appended, one JSON string a line, to the file named by MC_FUZZ_HOST_LOG (when set), so
// that `.ci/check_url_hosts.mjs` can check every one against Node's WHATWG `URL`. Built by .ci/fuzz.sh.
import Glibc
import StyleRuntime

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzURLHost(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let url = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let destination = URLHost.keyDestination(of: url)
    if URLHost.keyDestination(of: url) != destination { fatalError("the verdict changed between two readings") }
    guard destination == .tomTom else { return 0 }
    guard url.lowercased().hasPrefix("https://") else {
        fatalError("a URL not starting with https:// was judged TomTom's")
    }
    // Per code point, as WHATWG reads a URL: a Character would join `?` with a combining mark after it and
    // carry the query into the authority.
    let authority = url.unicodeScalars.dropFirst(8).prefix { $0 != "/" && $0 != "?" && $0 != "#" }
    if authority.contains(where: { $0 == "\\" || $0 == "@" || $0 == "%" }) {
        fatalError("an authority with \\, @ or % was judged TomTom's")
    }
    if let path = getenv("MC_FUZZ_HOST_LOG"), let file = fopen(path, "a") {
        var line = "\""
        for scalar in url.unicodeScalars {
            switch scalar {
            case "\"": line += "\\\""
            case "\\": line += "\\\\"
            case _ where scalar.value < 0x20 || scalar.value == 0x2028 || scalar.value == 0x2029:
                line +=
                    "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count)
                    + String(scalar.value, radix: 16)
            default: line.unicodeScalars.append(scalar)
            }
        }
        fputs(line + "\"\n", file)
        fclose(file)
    }
    return 0
}
