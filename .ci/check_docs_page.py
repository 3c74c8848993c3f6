#!/usr/bin/env python3
"""Serves a static DocC site on 127.0.0.1 and renders one page in headless Chromium.

The page is a JavaScript application that fetches its content from the site, so a plain file read shows
nothing: the page must be served and rendered. The check passes when the rendered DOM holds every expected
text (the landing page's symbol list), and keeps a screenshot.

    check_docs_page.py BROWSER SITE_FOLDER PAGE_PATH SCREENSHOT TEXT...
"""
import pathlib
import subprocess
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from harness import LoopbackServer, folder_answer  # noqa: E402


def main(argv):
    if len(argv) < 5:
        print(__doc__, file=sys.stderr)
        return 2
    browser, site, page, screenshot, *expected = argv
    server = LoopbackServer(folder_answer(site))
    url = f"{server.origin}/{page}"
    flags = [browser, "--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-extensions",
             "--window-size=1280,1600", "--virtual-time-budget=15000"]
    try:
        dom = subprocess.run(flags + ["--dump-dom", url], capture_output=True, text=True, timeout=120).stdout
        subprocess.run(flags + [f"--screenshot={pathlib.Path(screenshot).resolve()}", url], capture_output=True, timeout=120)
    finally:
        server.stop()
    missing = [text for text in expected if text not in dom]
    if missing:
        print(f"check_docs_page: {url} rendered without {missing} ({len(dom)} characters of DOM)", file=sys.stderr)
        return 1
    if not pathlib.Path(screenshot).is_file():
        print(f"check_docs_page: no screenshot was written to {screenshot}", file=sys.stderr)
        return 1
    print(f"check_docs_page: {page} renders its symbol list ({', '.join(expected)}); screenshot {screenshot}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
