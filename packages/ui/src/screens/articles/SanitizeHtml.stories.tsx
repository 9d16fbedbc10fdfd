import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { htmlText, sanitizeArticleHtml } from './sanitize-html.js';

/*
 * The article sanitizer's cases, table-driven. (The ui project's tests are stories running in
 * Chromium; the sanitizer needs a browser's DOMParser anyway.) Each row shows the input and what
 * comes out, and the play function checks it against what is expected.
 */

/** [what the case shows, input HTML, expected output]. */
const cases: [string, string, string][] = [
  [
    'keeps the allowed formatting',
    '<p>a <strong>b</strong> <em>c</em> <u>d</u></p>',
    '<p>a <strong>b</strong> <em>c</em> <u>d</u></p>',
  ],
  [
    'keeps headings and lists',
    '<h1>a</h1><h2>b</h2><h3>c</h3><ul><li>d</li></ul><ol><li>e</li></ol>',
    '<h1>a</h1><h2>b</h2><h3>c</h3><ul><li>d</li></ul><ol><li>e</li></ol>',
  ],
  [
    'names bold and italic semantically',
    '<p><b>a</b><i>b</i></p>',
    '<p><strong>a</strong><em>b</em></p>',
  ],
  ['drops scripts with their content', '<p>a</p><script>alert(1)</script>', '<p>a</p>'],
  [
    'drops styles, iframes and svg with their content',
    '<style>p{}</style><iframe src="https://x.test"></iframe><svg><text>x</text></svg><p>a</p>',
    '<p>a</p>',
  ],
  ['drops event handlers', '<p onclick="x()">a</p>', '<p>a</p>'],
  [
    'drops javascript: links but keeps the text',
    '<p><a href="javascript:x()">a</a></p>',
    '<p><a rel="noopener noreferrer nofollow">a</a></p>',
  ],
  [
    'keeps http(s) and mailto links, with a safe rel',
    '<p><a href="https://a.test" target="_blank" rel="opener">a</a> <a href="mailto:x@a.test">b</a></p>',
    '<p><a href="https://a.test" target="_blank" rel="noopener noreferrer nofollow">a</a> <a href="mailto:x@a.test" rel="noopener noreferrer nofollow">b</a></p>',
  ],
  [
    'drops relative links',
    '<p><a href="/admin">a</a></p>',
    '<p><a rel="noopener noreferrer nofollow">a</a></p>',
  ],
  [
    'keeps http(s) images with their text attributes',
    '<p><img src="https://a.test/x.png" alt="x" onerror="y()" style="z"></p>',
    '<p><img src="https://a.test/x.png" alt="x"></p>',
  ],
  [
    "keeps the server's own upload paths",
    '<p><img src="/ranwal/api/uploads/0b7c0a4e-52c4-4a9b-9d38-6b1f4d3a2c10"></p>',
    '<p><img src="/ranwal/api/uploads/0b7c0a4e-52c4-4a9b-9d38-6b1f4d3a2c10"></p>',
  ],
  [
    'drops images with another source',
    '<p>a<img src="data:image/png;base64,AAAA"><img src="x.png"></p>',
    '<p>a</p>',
  ],
  ['unwraps unknown tags', '<p><span style="color:red">a</span><font>b</font></p>', '<p>ab</p>'],
  ['turns a line div into a paragraph', '<div>a</div><div>b</div>', '<p>a</p><p>b</p>'],
  [
    'gathers loose top-level text into a paragraph',
    'a <strong>b</strong><h2>c</h2>d',
    '<p>a <strong>b</strong></p><h2>c</h2><p>d</p>',
  ],
  [
    'drops empty paragraphs and trailing line breaks',
    '<p><br></p><p>a<br></p><p> </p>',
    '<p>a</p>',
  ],
  ['escapes text', '<p>1 &lt; 2 &amp; "x"</p>', '<p>1 &lt; 2 &amp; "x"</p>'],
];

/** [input HTML, the text a reader sees]. */
const textCases: [string, string][] = [
  ['', ''],
  ['<p><br></p>', ''],
  ['<p>   </p>', '   '],
  ['<h2>a</h2><p>b</p>', 'ab'],
];

function SanitizerCases() {
  return (
    <table className="w-full border-collapse text-start text-sm text-slate-800">
      <caption className="mb-2 text-start font-semibold">sanitizeArticleHtml</caption>
      <thead>
        <tr>
          <th scope="col" className="border-b p-2 text-start">
            Case
          </th>
          <th scope="col" className="border-b p-2 text-start">
            Input
          </th>
          <th scope="col" className="border-b p-2 text-start">
            Output
          </th>
        </tr>
      </thead>
      <tbody>
        {cases.map(([name, html]) => (
          <tr key={name}>
            <th scope="row" className="border-b p-2 text-start font-medium">
              {name}
            </th>
            <td className="border-b p-2">
              <code className="break-all">{html}</code>
            </td>
            <td className="border-b p-2">
              <code className="break-all">{sanitizeArticleHtml(html)}</code>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

const meta = {
  title: 'Screens/Articles/Sanitizer',
  component: SanitizerCases,
} satisfies Meta<typeof SanitizerCases>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Cases: Story = {
  play: async ({ canvas }) => {
    for (const [name, , expected] of cases) {
      const row = canvas.getByRole('row', { name: (rowName) => rowName.startsWith(name) });
      const [, output] = within(row).getAllByRole('cell');
      await expect(output!.textContent, name).toBe(expected);
    }
    for (const [html, text] of textCases) await expect(htmlText(html), html).toBe(text);
  },
};
