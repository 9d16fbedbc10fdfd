import { formatDateShortEnUs, messagesId } from '@ranwal/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor, within } from 'storybook/test';
import { httpError, longNamesSeed } from '../../testing/sandbox-client.js';
import { ArticleView, ConnectedArticleView } from './ArticleView.js';
import {
  brokenImageUrl,
  coverPicture,
  publishedArticles,
  withSandboxClient,
} from './story-helpers.js';

const m = messagesId;
const text = m.articles.public;
const article = publishedArticles[0]!;

const meta = {
  title: 'Screens/Articles/ArticleView',
  component: ArticleView,
  decorators: [
    (Story) => (
      <div className="bg-slate-50 p-4">
        <Story />
      </div>
    ),
  ],
  args: { article: { ...article, cover_image: coverPicture(210) }, onBack: fn() },
} satisfies Meta<typeof ArticleView>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Cover, tags, category, title, author and initial, en-US date, views, the HTML content. */
export const Default: Story = {
  play: async ({ canvas, userEvent, args }) => {
    const view = canvas.getByRole('article');
    await expect(canvas.getByRole('heading', { name: article.title })).toBeVisible();
    const cover = view.querySelector('img')!;
    await waitFor(() => expect(cover.complete && cover.naturalWidth > 0).toBe(true));
    const tags = within(view).getByRole('list', { name: m.articles.fields.tags });
    await expect(within(tags).getAllByRole('listitem')).toHaveLength(article.tags.length);
    await expect(view).toHaveTextContent(m.articleCategories[article.category]);
    await expect(view).toHaveTextContent(`${article.name.charAt(0).toUpperCase()}${article.name}`);
    await expect(view).toHaveTextContent(formatDateShortEnUs(article.created_at));
    await expect(view).toHaveTextContent(text.views(article.views_count));
    await expect(
      within(view).getByRole('heading', { name: 'Hal yang disepakati', level: 2 }),
    ).toBeVisible();
    await expect(within(view).getAllByRole('listitem').length).toBeGreaterThan(article.tags.length);

    await userEvent.click(canvas.getByRole('button', { name: text.backToArticles }));
    await expect(args.onBack).toHaveBeenCalledOnce();
  },
};

/** On the article's own page (its URL) the title is the page's h1; inside the home page, an h2. */
export const OwnPage: Story = {
  args: { headingLevel: 1 },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: article.title, level: 1 })).toBeVisible();
    await expect(canvas.queryByRole('heading', { name: article.title, level: 2 })).toBeNull();
  },
};

/** Without `onBack` (e.g. inside a dialog) there is no back button. */
export const WithoutBack: Story = {
  args: { onBack: undefined },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('button', { name: text.backToArticles })).toBeNull();
  },
};

export const NoCoverImage: Story = {
  args: { article: { ...article, cover_image: null } },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(text.noCoverImage)).toBeVisible();
  },
};

export const ImageFailed: Story = {
  args: { article: { ...article, cover_image: brokenImageUrl() } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(text.imageFailed, {}, { timeout: 15_000 })).toBeVisible();
  },
};

const hostile = [
  '<p>Teks <b>tebal</b> dan <i>miring</i>.</p>',
  '<script>window.__articleXss = "script"</script>',
  '<img src="x" onerror="window.__articleXss = \'onerror\'">',
  '<p><a href="javascript:window.__articleXss=\'link\'">tautan jahat</a>',
  ' <a href="https://bappeda.example.go.id" onclick="window.__articleXss=\'click\'">tautan baik</a></p>',
  '<iframe src="https://example.com"></iframe><style>body{display:none}</style>',
  '<div>Baris dari editor lain</div>',
].join('');

/** Content is sanitized when rendered: scripts, handlers and javascript: links are gone. */
export const SanitizedContent: Story = {
  args: { article: { ...article, content: hostile } },
  beforeEach: () => {
    delete (globalThis as { __articleXss?: string }).__articleXss;
  },
  play: async ({ canvas, canvasElement, userEvent }) => {
    const view = canvas.getByRole('article');
    await expect(within(view).getByText('tebal').tagName).toBe('STRONG');
    await expect(within(view).getByText('miring').tagName).toBe('EM');
    await expect(within(view).getByText('Baris dari editor lain').tagName).toBe('P');
    await expect(
      canvasElement.querySelector('script, iframe, style, [onerror], [onclick]'),
    ).toBeNull();
    const bad = within(view).getByText('tautan jahat');
    await expect(bad).not.toHaveAttribute('href');
    await expect(within(view).getByRole('link', { name: 'tautan baik' })).toHaveAttribute(
      'rel',
      'noopener noreferrer nofollow',
    );
    await userEvent.click(bad);
    await new Promise((resolve) => setTimeout(resolve, 200));
    await expect((globalThis as { __articleXss?: string }).__articleXss).toBeUndefined();
  },
};

export const LongNames: Story = {
  args: { article: longNamesSeed.articles[0]! },
  play: async ({ canvas }) => {
    const [long] = longNamesSeed.articles;
    await expect(canvas.getByRole('heading', { name: long!.title })).toBeVisible();
    await expect(canvas.getByText(text.views(long!.views_count))).toBeVisible();
  },
};

/** The portal's article URL: loaded by slug, with Back. */
export const Connected: Story = {
  decorators: [withSandboxClient],
  parameters: { sandbox: { currentUser: null, latencyMs: 300 } },
  render: (args) => <ConnectedArticleView slug={article.slug} onBack={args.onBack} />,
  play: async ({ canvas, userEvent, args }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent(text.loading);
    await expect(await canvas.findByRole('heading', { name: article.title })).toBeVisible();
    await expect(canvas.getByText(text.views(article.views_count + 1))).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: text.backToArticles }));
    await expect(args.onBack).toHaveBeenCalledOnce();
  },
};

/** An unknown slug: the server's 'not found' message, Try Again, and still a way back. */
export const ConnectedNotFound: Story = {
  decorators: [withSandboxClient],
  parameters: { sandbox: { currentUser: null } },
  render: (args) => <ConnectedArticleView slug="tidak-ada" onBack={args.onBack} />,
  play: async ({ canvas }) => {
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent(m.server.notFound('Artikel'));
    await expect(within(alert).getByRole('button', { name: text.tryAgain })).toBeVisible();
    await expect(canvas.getByRole('button', { name: text.backToArticles })).toBeVisible();
  },
};

/** A failure without a server message reads 'Failed to fetch article'. */
export const ConnectedError: Story = {
  decorators: [withSandboxClient],
  parameters: { sandbox: { currentUser: null, failOn: { 'article.get': httpError('forbidden') } } },
  render: (args) => <ConnectedArticleView slug={article.slug} onBack={args.onBack} />,
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent(text.fetchArticleFailed);
  },
};
