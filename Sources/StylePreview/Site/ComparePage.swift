/// The page `mc-style snapshot --check` compares a picture with its baseline on: both are decoded by the browser
/// and compared pixel by pixel in a canvas (no image library in mc-style). A pixel differs when any channel
/// differs by more than `tolerance`; the difference picture is the new one faded to grey, with differing pixels
/// in magenta. The page sends it back with the count, as a snapshot page sends its map.
///
/// Its address: `/compare.html?token=T&tolerance=N`.
enum ComparePage {
    static let html = Array(
        """
        <!doctype html>
        <html lang="en">
        <head><meta charset="utf-8"><title>comparing</title></head>
        <body><script src="/compare.js"></script></body>
        </html>

        """.utf8)

    static let script = Array(
        (#"""
        "use strict";

        """# + SnapshotPictures.pageScript
            + #"""
            const tolerance = Number(new URLSearchParams(location.search).get("tolerance") || 0);
            function load(which) {
              return new Promise((resolve, reject) => {
                const image = new Image();
                image.onload = () => resolve(image);
                image.onerror = () => reject(new Error("cannot decode the " + which + " picture"));
                image.src = "/snapshot-image?token=" + encodeURIComponent(token) + "&which=" + which;
              });
            }
            function pixels(image, width, height) {
              const canvas = document.createElement("canvas");
              canvas.width = width;
              canvas.height = height;
              const context = canvas.getContext("2d");
              context.drawImage(image, 0, 0);
              return context.getImageData(0, 0, width, height);
            }
            (async () => {
              try {
                const [before, after] = await Promise.all([load("before"), load("after")]);
                const width = Math.max(before.naturalWidth, after.naturalWidth);
                const height = Math.max(before.naturalHeight, after.naturalHeight);
                const sameSize = before.naturalWidth === after.naturalWidth && before.naturalHeight === after.naturalHeight;
                const a = pixels(before, width, height).data;
                const b = pixels(after, width, height);
                const out = new ImageData(width, height);
                let differing = 0;
                for (let i = 0; i < a.length; i += 4) {
                  let differs = !sameSize;
                  for (let c = 0; c < 4 && !differs; c++) { differs = Math.abs(a[i + c] - b.data[i + c]) > tolerance; }
                  if (differs) {
                    differing++;
                    out.data.set([255, 0, 255, 255], i);
                  } else {
                    const grey = Math.round(0.3 * b.data[i] + 0.59 * b.data[i + 1] + 0.11 * b.data[i + 2]);
                    const faded = Math.round(255 - (255 - grey) * 0.35);
                    out.data.set([faded, faded, faded, 255], i);
                  }
                }
                const canvas = document.createElement("canvas");
                canvas.width = width;
                canvas.height = height;
                canvas.getContext("2d").putImageData(out, 0, 0);
                await sendCanvas(canvas, "differing=" + differing + "&");
              } catch (error) {
                part("failed=" + encodeURIComponent(error.message));
              }
            })();
            """#).utf8)
}
