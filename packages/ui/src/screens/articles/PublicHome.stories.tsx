import { formatDateShortEnUs, messagesId } from '@ranwal/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, waitFor, within } from 'storybook/test';
import {
  demoSeed,
  emptySeed,
  httpError,
  longNamesSeed,
  type SandboxClientOptions,
} from '../../testing/sandbox-client.js';
import { ConnectedPublicHome } from './PublicHome.js';
import {
  brokenImageUrl,
  coverPicture,
  demoArticles,
  pastDebounce,
  publishedArticles,
  withSandboxClient,
} from './story-helpers.js';

const m = messagesId;
const text = m.articles.public;
const [newest] = publishedArticles;
const hidden = demoArticles.filter((article) => article.status !== 'published');

const meta = {
  title: 'Screens/Articles/PublicHome',
  component: ConnectedPublicHome,
  decorators: [withSandboxClient],
  parameters: { layout: 'fullscreen', sandbox: { currentUser: null } },
} satisfies Meta<typeof ConnectedPublicHome>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The cards on screen: the featured article first, then the grid. */
const cards = (canvas: ReturnType<typeof within>) => canvas.queryAllByRole('article');
const categoryButton = (canvas: ReturnType<typeof within>) =>
  canvas.getByRole('button', { name: new RegExp(text.categoryLabel) });

/** Page 1: the newest article featured, six more in the grid, two pages, Sign In to /login. */
export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { name: newest!.title })).toBeVisible();
    const featured = canvas.getByRole('button', { name: text.readMore }).closest('article')!;
    await expect(featured).toHaveTextContent(newest!.title);
    await expect(featured).toHaveTextContent(m.articleCategories[newest!.category]);
    await expect(featured).toHaveTextContent(newest!.excerpt);
    await expect(within(featured).getByText(text.noCoverImage)).toBeVisible();

    await expect(cards(canvas)).toHaveLength(7);
    for (const article of publishedArticles.slice(1, 7)) {
      await expect(canvas.getByRole('heading', { name: article.title })).toBeVisible();
    }
    for (const article of hidden) await expect(canvas.queryByText(article.title)).toBeNull();

    const pages = canvas.getByRole('navigation', { name: m.pagination.label });
    await expect(within(pages).getByRole('button', { name: '2' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: text.signIn })).toHaveAttribute('href', '/login');
    await expect(categoryButton(canvas)).toHaveTextContent(text.allCategories);
    await expect(canvas.getByRole('searchbox', { name: text.searchPlaceholder })).toHaveValue('');
  },
};

export const Loading: Story = {
  parameters: { sandbox: { currentUser: null, latencyMs: 800 } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent(text.loading);
    await expect(
      await canvas.findByRole('heading', { name: newest!.title }, { timeout: 15_000 }),
    ).toBeVisible();
    await expect(canvas.queryByRole('status')).toBeNull();
  },
};

const failOn: NonNullable<SandboxClientOptions['failOn']> = {};

/** The list fails ('Failed to load articles' with the server's message); Try Again recovers. */
export const ErrorThenRetry: Story = {
  parameters: { sandbox: () => ({ currentUser: null, failOn }) },
  beforeEach: () => {
    failOn['article.list'] = httpError('unavailable', 'Layanan artikel sedang dalam pemeliharaan.');
  },
  play: async ({ canvas, userEvent }) => {
    // A 5xx is tried twice (about a second apart) before the error shows.
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent(text.loadFailed);
    await expect(alert).toHaveTextContent('Layanan artikel sedang dalam pemeliharaan.');
    await expect(cards(canvas)).toHaveLength(0);

    delete failOn['article.list'];
    await userEvent.click(within(alert).getByRole('button', { name: text.tryAgain }));
    await expect(await canvas.findByRole('heading', { name: newest!.title })).toBeVisible();
    await expect(canvas.queryByRole('alert')).toBeNull();
  },
};

/** No server message and no answer at all read as the spec's defaults. */
export const NetworkError: Story = {
  parameters: { sandbox: { currentUser: null, failOn: { 'article.list': 'network' } } },
  play: async ({ canvas }) => {
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent(text.networkError('Failed to fetch'));
  },
};

export const Empty: Story = {
  parameters: { sandbox: { currentUser: null, seed: emptySeed } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(text.empty)).toBeVisible();
    await expect(cards(canvas)).toHaveLength(0);
    await expect(canvas.queryByRole('navigation', { name: m.pagination.label })).toBeNull();
  },
};

/** One category: its published articles only, on one page (so no pagination). */
export const CategoryFilter: Story = {
  play: async ({ canvas, userEvent }) => {
    await canvas.findByRole('heading', { name: newest!.title });
    await userEvent.click(categoryButton(canvas));
    const listbox = await screen.findByRole('listbox');
    // All four categories, plus all of them.
    await expect(within(listbox).getAllByRole('option')).toHaveLength(5);
    await userEvent.click(
      within(listbox).getByRole('option', { name: m.articleCategories['Usulan Reses DPRD'] }),
    );

    const reses = publishedArticles.filter((a) => a.category === 'Usulan Reses DPRD');
    await waitFor(() => expect(cards(canvas)).toHaveLength(reses.length));
    for (const article of reses) {
      await expect(canvas.getByRole('heading', { name: article.title })).toBeVisible();
    }
    const draft = hidden.find((a) => a.category === 'Usulan Reses DPRD')!;
    await expect(canvas.queryByText(draft.title)).toBeNull();
    await expect(canvas.queryByRole('navigation', { name: m.pagination.label })).toBeNull();

    await userEvent.click(categoryButton(canvas));
    await userEvent.click(await screen.findByRole('option', { name: text.allCategories }));
    await waitFor(() => expect(cards(canvas)).toHaveLength(7));
  },
};

/** The search asks only once typing pauses for 300 ms; no match reads 'No articles found'. */
export const DebouncedSearch: Story = {
  play: async ({ canvas, userEvent }) => {
    await canvas.findByRole('heading', { name: newest!.title });
    const search = canvas.getByRole('searchbox', { name: text.searchPlaceholder });
    await userEvent.type(search, 'musrenbang');
    // Typing has only just stopped: still the unfiltered page.
    await expect(cards(canvas)).toHaveLength(7);

    const matching = publishedArticles.filter((a) => a.title.toLowerCase().includes('musrenbang'));
    await waitFor(() => expect(cards(canvas)).toHaveLength(matching.length));
    for (const article of matching) {
      await expect(canvas.getByRole('heading', { name: article.title })).toBeVisible();
    }

    await userEvent.clear(search);
    await userEvent.type(search, 'xyz');
    await pastDebounce(300);
    await expect(await canvas.findByText(text.empty)).toBeVisible();
  },
};

/** Seven a page: page 2 holds the eighth (oldest) published article. */
export const PageTwo: Story = {
  play: async ({ canvas, userEvent }) => {
    await canvas.findByRole('heading', { name: newest!.title });
    const nav = () => canvas.getByRole('navigation', { name: m.pagination.label });
    await expect(within(nav()).getByRole('button', { name: text.previous })).toBeDisabled();
    await expect(within(nav()).getByRole('button', { name: '1' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await userEvent.click(within(nav()).getByRole('button', { name: '2' }));

    const oldest = publishedArticles[7]!;
    await expect(await canvas.findByRole('heading', { name: oldest.title })).toBeVisible();
    await expect(cards(canvas)).toHaveLength(1);
    await expect(within(nav()).getByRole('button', { name: '2' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(within(nav()).getByRole('button', { name: text.next })).toBeDisabled();

    await userEvent.click(within(nav()).getByRole('button', { name: text.previous }));
    await expect(await canvas.findByRole('heading', { name: newest!.title })).toBeVisible();
  },
};

/** An article opens in the page (a public read, so it counts a view); Back returns to the list. */
export const OpenArticleAndBack: Story = {
  play: async ({ canvas, userEvent }) => {
    const article = publishedArticles[1]!;
    await userEvent.click(await canvas.findByRole('button', { name: article.title }));

    const heading = await canvas.findByRole('heading', { name: article.title, level: 1 });
    await expect(heading).toBeVisible();
    // The open article is the page's one h1; the site name steps down.
    await expect(canvas.getAllByRole('heading', { level: 1 })).toEqual([heading]);
    await expect(canvas.getByRole('button', { name: text.backToArticles })).toHaveFocus();
    await expect(canvas.queryByRole('searchbox')).toBeNull();
    await expect(cards(canvas)).toHaveLength(1);
    const view = canvas.getByRole('article');
    await expect(view).toHaveTextContent(m.articleCategories[article.category]);
    await expect(view).toHaveTextContent(article.name);
    await expect(view).toHaveTextContent(formatDateShortEnUs(article.created_at));
    await expect(view).toHaveTextContent(text.views(article.views_count + 1));
    const tags = within(view).getByRole('list', { name: m.articles.fields.tags });
    await expect(
      within(tags)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(article.tags);
    // The HTML content is rendered, not shown as markup.
    await expect(within(view).getByText('24 usulan prioritas').tagName).toBe('STRONG');
    await expect(view).not.toHaveTextContent('<strong>');

    await userEvent.click(canvas.getByRole('button', { name: text.backToArticles }));
    await waitFor(() => expect(cards(canvas)).toHaveLength(7));
    await expect(canvas.getByRole('button', { name: article.title })).toHaveFocus();
  },
};

/** An article's own URL: the article under the public header, without loading the list. */
export const OwnUrl: Story = {
  args: { articleSlug: publishedArticles[2]!.slug, onCloseArticle: fn() },
  play: async ({ canvas, userEvent, args }) => {
    const article = publishedArticles[2]!;
    await expect(
      await canvas.findByRole('heading', { name: article.title, level: 1 }),
    ).toBeVisible();
    await expect(canvas.getByRole('link', { name: text.signIn })).toHaveAttribute('href', '/login');
    await expect(canvas.getByText(m.app.name)).toBeVisible();
    await expect(canvas.queryByRole('searchbox')).toBeNull();
    await expect(cards(canvas)).toHaveLength(1);
    await userEvent.click(canvas.getByRole('button', { name: text.backToArticles }));
    await expect(args.onCloseArticle).toHaveBeenCalledOnce();
  },
};

/**
 * With `articleHref` (the portal), each card's title and 'Read More' are links to the article's
 * own URL, which work before any script runs (the server renders this page).
 */
export const LinkedArticles: Story = {
  args: { articleHref: (article) => `/artikel/${article.slug}` },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { name: newest!.title })).toBeVisible();
    const featured = cards(canvas)[0]!;
    await expect(within(featured).getByRole('link', { name: newest!.title })).toHaveAttribute(
      'href',
      `/artikel/${newest!.slug}`,
    );
    await expect(within(featured).getByRole('link', { name: text.readMore })).toHaveAttribute(
      'href',
      `/artikel/${newest!.slug}`,
    );
    for (const article of publishedArticles.slice(1, 7)) {
      await expect(canvas.getByRole('link', { name: article.title })).toHaveAttribute(
        'href',
        `/artikel/${article.slug}`,
      );
    }
    await expect(canvas.queryByRole('button', { name: text.readMore })).toBeNull();
  },
};

/** Drafts and archived articles stay off the public page, even for a signed-in admin's token. */
export const DraftNotShown: Story = {
  parameters: { sandbox: {} },
  play: async ({ canvas, userEvent }) => {
    await canvas.findByRole('heading', { name: newest!.title });
    for (const article of hidden) await expect(canvas.queryByText(article.title)).toBeNull();
    const nav = canvas.getByRole('navigation', { name: m.pagination.label });
    await expect(within(nav).queryByRole('button', { name: '3' })).toBeNull();

    // A word only the draft's title has.
    const draft = hidden.find((a) => a.title.includes('Jadwal'))!;
    await expect(draft.status).toBe('draft');
    await userEvent.type(canvas.getByRole('searchbox', { name: text.searchPlaceholder }), 'jadwal');
    await expect(await canvas.findByText(text.empty)).toBeVisible();
  },
};

/** Keyboard only: category, search, open the article, go back. */
export const KeyboardOnly: Story = {
  play: async ({ canvas, userEvent }) => {
    await canvas.findByRole('heading', { name: newest!.title });
    await userEvent.tab();
    await expect(canvas.getByRole('link', { name: text.signIn })).toHaveFocus();

    await userEvent.tab();
    await expect(categoryButton(canvas)).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    const listbox = await screen.findByRole('listbox');
    await waitFor(() => expect(listbox.contains(document.activeElement)).toBe(true));
    await userEvent.keyboard('{ArrowDown}{Enter}');
    const category = 'Tindak Lanjut Hasil Musrenbang';
    await expect(categoryButton(canvas)).toHaveTextContent(m.articleCategories[category]);
    const inCategory = publishedArticles.filter((a) => a.category === category);
    await waitFor(() => expect(cards(canvas)).toHaveLength(inCategory.length));
    // The closed list gives focus back to its button first (later on a busy machine).
    await waitFor(() => expect(categoryButton(canvas)).toHaveFocus());

    await userEvent.tab();
    await expect(canvas.getByRole('searchbox', { name: text.searchPlaceholder })).toHaveFocus();
    await userEvent.keyboard('jalan');
    const road = inCategory.find((a) => a.title.toLowerCase().includes('jalan'))!;
    await waitFor(() => expect(cards(canvas)).toHaveLength(1));

    await userEvent.tab();
    const open = canvas.getByRole('button', { name: road.title });
    await expect(open).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(await canvas.findByRole('heading', { name: road.title })).toBeVisible();
    const back = canvas.getByRole('button', { name: text.backToArticles });
    await expect(back).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(canvas.getByRole('button', { name: road.title })).toHaveFocus());
    // The filters are as they were left.
    await expect(canvas.getByRole('searchbox', { name: text.searchPlaceholder })).toHaveValue(
      'jalan',
    );
  },
};

/** Covers: a picture, none ('No cover image'), or one that fails ('Image failed to load'). */
export const CoverImages: Story = {
  parameters: {
    sandbox: () => ({
      currentUser: null,
      seed: {
        ...demoSeed,
        articles: demoSeed.articles.map((article) => {
          const index = publishedArticles.findIndex((a) => a.id === article.id);
          const cover =
            index === 1 ? brokenImageUrl() : index === 2 ? null : coverPicture(200 + 25 * index);
          return { ...article, cover_image: cover };
        }),
      },
    }),
  },
  play: async ({ canvas }) => {
    await canvas.findByRole('heading', { name: newest!.title });
    const [featured, broken, none] = cards(canvas);
    const picture = featured!.querySelector('img')!;
    await waitFor(() => expect(picture.complete && picture.naturalWidth > 0).toBe(true));
    // The browser reports the failed load when it gets to it: later on a busy machine.
    await expect(await within(broken!).findByText(text.imageFailed)).toBeVisible();
    await expect(within(none!).getByText(text.noCoverImage)).toBeVisible();
  },
};

export const LongNames: Story = {
  parameters: { sandbox: { currentUser: null, seed: longNamesSeed } },
  play: async ({ canvas }) => {
    const [article] = longNamesSeed.articles;
    await expect(await canvas.findByRole('heading', { name: article!.title })).toBeVisible();
  },
};
