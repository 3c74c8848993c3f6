// Cross-checks mc-style's key-host verdicts against Node's WHATWG URL parser (the one browsers and OkHttp
// follow). Two uses:
//   node .ci/check_url_hosts.mjs seeds DIR   writes host tricks, one file each, as a fuzzing corpus
//   node .ci/check_url_hosts.mjs check LOG   reads the URLs mc-style judged safe for TomTom's key (one JSON
//                                            string a line, from the fuzz target `host`) and fails when Node
//                                            reads any of them as not https on one of TomTom's hosts
import { readFileSync, writeFileSync, mkdirSync } from "node:fs";

const tomTom = new Set(["api.tomtom.com", "a.api.tomtom.com", "b.api.tomtom.com", "c.api.tomtom.com", "d.api.tomtom.com"]);
const [mode, target] = process.argv.slice(2);

if (mode === "seeds") {
  const prefixes = ["https://", "HTTPS://", "https:/", "https:", "https:\\\\", "https:///", " https://", "http://", "\thttps://"];
  const hosts = ["api.tomtom.com", "a.api.tomtom.com", "API.TOMTOM.COM", "evil.example\\@api.tomtom.com",
    "api.tomtom.com\\@evil.example", "user@api.tomtom.com", "api.tomtom.com@evil.example", "api%2Etomtom.com",
    "ａpi.tomtom.com", "api.tom\u00ADtom.com", "api.tomtom.com.", "api.tomtom.com:443", "api.tomtom.com:x",
    "[::1]", "api.tomtom.com.evil.example", "api.tom\ttom.com", "xn--pi-7ka.tomtom.com"];
  const paths = ["/map/1/tile/basic/main/{z}/{x}/{y}.png?key={key}", "?key={key}", "#@evil.example/", "\\evil", ""];
  mkdirSync(target, { recursive: true });
  let n = 0;
  for (const prefix of prefixes) for (const host of hosts) for (const path of paths) {
    writeFileSync(`${target}/trick-${n++}`, prefix + host + path);
  }
  console.log(`wrote ${n} host tricks to ${target}`);
} else if (mode === "check") {
  let text = "";
  try { text = readFileSync(target, "utf8"); } catch { text = ""; }
  const urls = text.split("\n").filter((line) => line.length > 0).map((line) => JSON.parse(line));
  let bad = 0;
  for (const url of new Set(urls)) {
    let parsed = null;
    try { parsed = new URL(url); } catch { parsed = null; }
    if (parsed === null || parsed.protocol !== "https:" || !tomTom.has(parsed.hostname)) {
      bad++;
      console.error(`mc-style would fill the key into ${JSON.stringify(url)}, whose WHATWG host is ${parsed ? JSON.stringify(parsed.protocol + "//" + parsed.hostname) : "(no URL)"}`);
    }
  }
  console.log(`${new Set(urls).size} URLs judged safe for the key by mc-style: ${bad} disagree with Node's URL`);
  if (urls.length === 0) { console.error("no URL was judged safe: the fuzz run did not reach TomTom's hosts"); process.exit(1); }
  process.exit(bad === 0 ? 0 : 1);
} else {
  console.error("usage: node .ci/check_url_hosts.mjs seeds DIR | check LOG");
  process.exit(2);
}
