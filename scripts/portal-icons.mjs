// Draws the portal's app icons (apps/portal/public/icons) from its mark, the favicon's white R on
// Ranwal blue, in headless Chromium (bench/local.mjs): SVG for browsers that take it, PNG at the
// sizes install prompts and home screens ask for, and a maskable version whose R sits inside the
// safe circle a launcher may crop to. Run again after changing the mark; commit what it writes.
//
//   node scripts/portal-icons.mjs
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { chromiumLaunchOptions } from '../bench/local.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(root, 'apps/portal/public/icons');
const BLUE = '#0b4aa2';
const R = 'M10 24V8h7a5 5 0 0 1 1.2 9.85L22.5 24h-3.6l-3.9-6H13.2v6zm3.2-9h3.6a2 2 0 0 0 0-4h-3.6z';

/** The mark on a rounded square (any purpose), or full bleed with the R scaled into the safe zone. */
const svg = (maskable) =>
  maskable
    ? `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><title>Ranwal</title><rect width="32" height="32" fill="${BLUE}"/><path transform="translate(16 16) scale(0.7) translate(-16 -16)" d="${R}" fill="#fff"/></svg>\n`
    : `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><title>Ranwal</title><rect width="32" height="32" rx="6" fill="${BLUE}"/><path d="${R}" fill="#fff"/></svg>\n`;

const icons = [
  { file: 'icon-192.png', size: 192, maskable: false },
  { file: 'icon-512.png', size: 512, maskable: false },
  { file: 'icon-maskable-512.png', size: 512, maskable: true },
  // iOS rounds the corners itself and shows transparency as black: full bleed.
  { file: 'apple-touch-icon.png', size: 180, maskable: true },
];

await writeFile(path.join(out, 'icon.svg'), svg(false));
await writeFile(path.join(out, 'icon-maskable.svg'), svg(true));
const browser = await chromium.launch(chromiumLaunchOptions);
try {
  for (const { file, size, maskable } of icons) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    const source = `data:image/svg+xml;base64,${Buffer.from(svg(maskable)).toString('base64')}`;
    await page.setContent(
      `<style>html,body{margin:0;background:transparent}</style><img src="${source}" width="${size}" height="${size}" alt="">`,
    );
    await page.locator('img').evaluate((image) => image.decode());
    await page.screenshot({ path: path.join(out, file), omitBackground: true });
    await page.close();
    console.log(`apps/portal/public/icons/${file} (${size}×${size})`);
  }
} finally {
  await browser.close();
}
