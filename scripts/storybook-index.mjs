// Writes storybook-static/screens.html: every story of the built Storybook as a plain list of
// links, grouped by component, so the static site CI leaves behind can be browsed without
// knowing Storybook. Run after `npm run build-storybook`.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

const out = path.resolve(process.argv[2] ?? 'storybook-static');
const { entries } = JSON.parse(await readFile(path.join(out, 'index.json'), 'utf8'));
const stories = Object.values(entries).filter((entry) => entry.type === 'story');
const groups = new Map();
for (const story of stories) groups.set(story.title, [...(groups.get(story.title) ?? []), story]);
const htmlText = (text) =>
  String(text).replace(
    /[&<>"]/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c],
  );

const sections = [...groups]
  .sort(([a], [b]) => a.localeCompare(b))
  .map(
    ([title, members]) =>
      `<h2>${htmlText(title)}</h2>\n<ul>\n${members
        .map(
          (story) =>
            `  <li><a href="./?path=/story/${encodeURIComponent(story.id)}">${htmlText(story.name)}</a> · <a href="./iframe.html?id=${encodeURIComponent(story.id)}&viewMode=story">alone</a></li>`,
        )
        .join('\n')}\n</ul>`,
  )
  .join('\n');

await writeFile(
  path.join(out, 'screens.html'),
  `<!doctype html>
<html lang="en">
<meta charset="utf-8">
<title>Ranwal — every screen and building block</title>
<style>body{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem}h2{font-size:1.1rem;margin-top:1.5rem}</style>
<h1>Ranwal — every screen and building block</h1>
<p>${stories.length} stories in ${groups.size} groups, from the Storybook built with this commit. Each opens in Storybook, or alone.</p>
${sections}
</html>
`,
);
console.log(`storybook-static/screens.html: ${stories.length} stories in ${groups.size} groups`);
