// Renders the app's icon (renderer/icon/favicon.svg) into the PNG the page links as its favicon
// (renderer/public/favicon.png): `node scripts/runTs.mjs scripts/renderFavicon.ts`. Chromium hands an SVG favicon to
// the page's renderer, which builds a whole SVG document for it on the page's main thread, in the middle of the start
// (bench:start in BENCHMARKS.md); a small PNG decodes in well under a millisecond. Run it again after changing the SVG.

import { readFile, writeFile } from 'node:fs/promises';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS } from '../tests/e2e/support/chromiumArgs';

const SOURCE = 'renderer/icon/favicon.svg';
const TARGET = 'renderer/public/favicon.png';
/** 32 CSS pixels at twice the density: sharp in a tab strip on high-density screens too. */
const SIZE = 32;
const SCALE = 2;

const svg = await readFile(SOURCE);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: CHROMIUM_ARGS,
});
try {
  const page = await browser.newPage({ viewport: { width: SIZE, height: SIZE }, deviceScaleFactor: SCALE });
  const source = `data:image/svg+xml;base64,${svg.toString('base64')}`;
  await page.setContent(
    `<body style="margin:0"><img width="${SIZE}" height="${SIZE}" alt="" src="${source}"></body>`,
  );
  await page.locator('img').evaluate((img: { decode(): Promise<void> }) => img.decode());
  // Transparent where the icon's rounded corners leave the square.
  const png = await page.screenshot({
    omitBackground: true,
    clip: { x: 0, y: 0, width: SIZE, height: SIZE },
  });
  await writeFile(TARGET, png);
  console.log(`${TARGET}: ${SIZE * SCALE}×${SIZE * SCALE}, ${png.length} bytes`);
} finally {
  await browser.close();
}
