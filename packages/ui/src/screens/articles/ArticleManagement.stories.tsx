import { formatDateShortId, formatNumberId, messagesId } from '@ranwal/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, waitFor, within } from 'storybook/test';
import {
  emptySeed,
  httpError,
  longNamesSeed,
  type SandboxClientOptions,
} from '../../testing/sandbox-client.js';
import { ConnectedArticleManagement } from './ArticleManagement.js';
import {
  a11yWithoutLiveAnnouncer,
  demoArticles,
  pastDebounce,
  withSandboxClient,
} from './story-helpers.js';

const m = messagesId;
const text = m.articles.management;
const fields = m.articles.fields;
const PAGE_SIZE = 5;

type Canvas = ReturnType<typeof within>;

const meta = {
  title: 'Screens/Articles/ArticleManagement',
  component: ConnectedArticleManagement,
  decorators: [
    (Story) => (
      <div className="p-4 sm:p-6">
        <Story />
      </div>
    ),
    withSandboxClient,
  ],
  parameters: { layout: 'fullscreen', ...a11yWithoutLiveAnnouncer },
} satisfies Meta<typeof ConnectedArticleManagement>;
export default meta;
type Story = StoryObj<typeof meta>;

const table = (canvas: Canvas) => canvas.getByRole('grid', { name: text.title });
/** The article's row (a row is named by its Artikel cell, which starts with the title). */
const rowOf = (canvas: Canvas, title: string) =>
  within(table(canvas)).getByRole('row', { name: (name) => name.includes(title) });
const findRowOf = async (canvas: Canvas, title: string) => {
  await waitFor(() => rowOf(canvas, title));
  return rowOf(canvas, title);
};
const bodyRows = (canvas: Canvas) => within(table(canvas)).getAllByRole('row').slice(1);
const search = (canvas: Canvas) => canvas.getByRole('searchbox', { name: text.search });
/** A toast with this text (the region sits outside the story's canvas). */
const toast = (message: string) => screen.findByText(message, {}, { timeout: 15_000 });

/** Every status, newest first, five a page; each row with its cover, excerpt, tags and actions. */
export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: text.title })).toBeVisible();
    const first = demoArticles[0]!;
    const row = await findRowOf(canvas, first.title);
    await expect(bodyRows(canvas)).toHaveLength(PAGE_SIZE);
    for (const article of demoArticles.slice(0, PAGE_SIZE)) {
      await expect(rowOf(canvas, article.title)).toBeVisible();
    }

    const cells = [
      ...within(row).getAllByRole('rowheader'),
      ...within(row).getAllByRole('gridcell'),
    ];
    await expect(cells[0]).toHaveTextContent(first.excerpt);
    for (const tag of first.tags) await expect(within(cells[0]!).getByText(tag)).toBeVisible();
    await expect(within(cells[0]!).getByText(text.noCoverImage)).toHaveClass('sr-only');
    await expect(cells[1]).toHaveTextContent(first.name);
    await expect(cells[2]).toHaveTextContent(m.articleCategories[first.category]);
    await expect(cells[3]).toHaveTextContent(m.articleStatuses[first.status]);
    await expect(cells[4]).toHaveTextContent(formatNumberId(first.views_count));
    await expect(cells[5]).toHaveTextContent(formatDateShortId(first.created_at));
    for (const action of [m.common.view, m.common.edit, m.common.delete]) {
      await expect(within(cells[6]!).getByRole('button', { name: action })).toBeVisible();
    }

    const total = demoArticles.length;
    await expect(canvas.getByText(m.pagination.showingRange(1, PAGE_SIZE, total))).toBeVisible();
    const nav = canvas.getByRole('navigation', { name: m.pagination.label });
    await expect(within(nav).getByRole('button', { name: '3' })).toBeVisible();
  },
};

/** Published green, draft yellow, archived gray. */
export const StatusBadges: Story = {
  play: async ({ canvas, userEvent }) => {
    const badge = async (status: 'published' | 'draft' | 'archived') => {
      const article = demoArticles.find((a) => a.status === status)!;
      return within(await findRowOf(canvas, article.title)).getByText(m.articleStatuses[status]);
    };
    await expect(await badge('draft')).toHaveClass('bg-yellow-100');
    await expect(await badge('published')).toHaveClass('bg-green-100');
    await userEvent.click(canvas.getByRole('button', { name: '3' }));
    await expect(await badge('archived')).toHaveClass('bg-slate-100');
  },
};

export const Loading: Story = {
  parameters: { sandbox: { latencyMs: 600 } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent(m.common.loading);
    await expect(await findRowOf(canvas, demoArticles[0]!.title)).toBeVisible();
  },
};

/** No articles at all: 'Belum ada artikel yang dibuat.' and no pagination. */
export const Empty: Story = {
  parameters: { sandbox: { seed: emptySeed } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(text.emptyTitle)).toBeVisible();
    await expect(canvas.getByText(text.emptyNone)).toBeVisible();
    await expect(canvas.queryByRole('navigation', { name: m.pagination.label })).toBeNull();
  },
};

/** A search that finds nothing says so (after the 500 ms pause); clearing it brings rows back. */
export const EmptySearch: Story = {
  play: async ({ canvas, userEvent }) => {
    await findRowOf(canvas, demoArticles[0]!.title);
    await userEvent.type(search(canvas), 'xyz');
    await expect(bodyRows(canvas)).toHaveLength(PAGE_SIZE);
    await pastDebounce(500);
    await expect(await canvas.findByText(text.emptySearch)).toBeVisible();
    await expect(canvas.getByText(text.emptyTitle)).toBeVisible();

    await userEvent.clear(search(canvas));
    await expect(await findRowOf(canvas, demoArticles[0]!.title)).toBeVisible();
  },
};

/** A search that matches: only those rows, on one page. */
export const Search: Story = {
  play: async ({ canvas, userEvent }) => {
    await findRowOf(canvas, demoArticles[0]!.title);
    await userEvent.type(search(canvas), 'reses');
    const matching = demoArticles.filter((a) => a.title.toLowerCase().includes('reses'));
    await waitFor(() => expect(bodyRows(canvas)).toHaveLength(matching.length));
    for (const article of matching) await expect(rowOf(canvas, article.title)).toBeVisible();
    await expect(canvas.queryByRole('navigation', { name: m.pagination.label })).toBeNull();
  },
};

const failOn: NonNullable<SandboxClientOptions['failOn']> = {};

/** The list fails ('Gagal mengambil data artikel'); 'Coba lagi' loads it. */
export const ErrorThenRetry: Story = {
  parameters: { sandbox: () => ({ failOn }) },
  beforeEach: () => {
    failOn['article.list'] = httpError('forbidden');
  },
  play: async ({ canvas, userEvent }) => {
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent(text.listFailed);
    await expect(canvas.queryByRole('grid')).toBeNull();

    delete failOn['article.list'];
    await userEvent.click(within(alert).getByRole('button', { name: text.retry }));
    await expect(await findRowOf(canvas, demoArticles[0]!.title)).toBeVisible();
    await expect(canvas.queryByRole('alert')).toBeNull();
  },
};

export const NetworkError: Story = {
  parameters: { sandbox: { failOn: { 'article.list': 'network' } } },
  play: async ({ canvas }) => {
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent(text.listNetworkError);
  },
};

/** Refresh reloads the list, reading 'Loading...' meanwhile. */
export const Refresh: Story = {
  parameters: { sandbox: { latencyMs: 400 } },
  play: async ({ canvas, userEvent }) => {
    await findRowOf(canvas, demoArticles[0]!.title);
    await userEvent.click(canvas.getByRole('button', { name: text.refresh }));
    await expect(canvas.getByRole('button', { name: text.refreshing })).toBeDisabled();
    await expect(await canvas.findByRole('button', { name: text.refresh })).toBeEnabled();
  },
};

/** View loads the detail and shows the article as readers see it, in a dialog. */
export const View: Story = {
  play: async ({ canvas, userEvent }) => {
    const article = demoArticles[2]!;
    const row = await findRowOf(canvas, article.title);
    await userEvent.click(within(row).getByRole('button', { name: m.common.view }));
    const dialog = await screen.findByRole('dialog', { name: text.viewTitle });
    await expect(await within(dialog).findByRole('heading', { name: article.title })).toBeVisible();
    await expect(within(dialog).getByText('Hal yang disepakati')).toBeVisible();
    await expect(await toast(text.detailLoaded)).toBeVisible();

    const [, close] = within(dialog).getAllByRole('button', { name: m.common.close });
    await userEvent.click(close!);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  },
};

export const ViewFails: Story = {
  parameters: { sandbox: { failOn: { 'article.get': httpError('not_found') } } },
  play: async ({ canvas, userEvent }) => {
    const row = await findRowOf(canvas, demoArticles[0]!.title);
    await userEvent.click(within(row).getByRole('button', { name: m.common.view }));
    await expect(await toast(text.detailFailed)).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  },
};

/** Edit: the form starts from the row; saving trims, closes the dialog and updates the row. */
export const EditSavesAndUpdatesRow: Story = {
  play: async ({ canvas, userEvent }) => {
    const article = demoArticles[3]!;
    await userEvent.click(
      within(await findRowOf(canvas, article.title)).getByRole('button', { name: m.common.edit }),
    );
    const dialog = within(await screen.findByRole('dialog', { name: text.editTitle }));
    const title = dialog.getByRole('textbox', { name: fields.title });
    await expect(title).toHaveValue(article.title);
    await expect(dialog.getByRole('textbox', { name: fields.content })).toHaveValue(
      article.content,
    );
    await expect(dialog.getByRole('button', { name: new RegExp(fields.status) })).toHaveTextContent(
      m.articleStatuses[article.status],
    );
    for (const tag of article.tags)
      await expect(dialog.getByRole('row', { name: tag })).toBeVisible();

    await userEvent.clear(title);
    await userEvent.type(title, '  Musrenbang Kecamatan Sukamaju: Hasil Akhir  ');
    await userEvent.click(dialog.getByRole('button', { name: new RegExp(fields.status) }));
    await userEvent.click(await screen.findByRole('option', { name: m.articleStatuses.archived }));
    await userEvent.type(dialog.getByRole('textbox', { name: fields.tags }), 'hasil akhir{Enter}');
    await userEvent.click(dialog.getByRole('button', { name: text.saveChanges }));

    await expect(await toast(text.updated)).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const row = await findRowOf(canvas, 'Musrenbang Kecamatan Sukamaju: Hasil Akhir');
    await expect(within(row).getByText(m.articleStatuses.archived)).toBeVisible();
    await expect(within(row).getByText('hasil akhir')).toBeVisible();
    await expect(within(table(canvas)).queryByText(article.title)).toBeNull();
    await expect(bodyRows(canvas)).toHaveLength(PAGE_SIZE);
  },
};

/** A blank title, or a cover that is not an http(s) URL, keeps 'Simpan Perubahan' disabled. */
export const EditInvalid: Story = {
  play: async ({ canvas, userEvent }) => {
    const article = demoArticles[0]!;
    await userEvent.click(
      within(await findRowOf(canvas, article.title)).getByRole('button', { name: m.common.edit }),
    );
    const dialog = within(await screen.findByRole('dialog', { name: text.editTitle }));
    const save = dialog.getByRole('button', { name: text.saveChanges });
    await userEvent.clear(dialog.getByRole('textbox', { name: fields.title }));
    await expect(dialog.getByRole('alert')).toHaveTextContent(text.requiredFields);
    await expect(save).toBeDisabled();

    await userEvent.type(dialog.getByRole('textbox', { name: fields.title }), 'Judul');
    await expect(dialog.queryByRole('alert')).toBeNull();
    const cover = dialog.getByRole('textbox', { name: fields.coverImageUrl });
    await userEvent.type(cover, 'ftp://arsip/sampul.png');
    await expect(cover).toHaveAccessibleDescription(m.validation.invalidUrl);
    await expect(save).toBeDisabled();
    await userEvent.clear(cover);
    // Pasted, as an address mostly is: typed, each longer prefix is another host to look up.
    await userEvent.paste('  https://cdn.example.go.id/sampul.png  ');
    await expect(save).toBeEnabled();
    // No such host: the preview ends failed. The picture waits for that, not for how soon the
    // browser gives up (a CI run pictured the preview still loading, then failed).
    await expect(await dialog.findByText(text.coverFailed, {}, { timeout: 15_000 })).toBeVisible();
  },
};

/** A refused save: a toast with the server's message; the dialog stays for another try. */
export const EditFails: Story = {
  parameters: {
    sandbox: {
      failOn: { 'article.update': httpError('conflict', 'Artikel sedang diubah admin lain.') },
    },
  },
  play: async ({ canvas, userEvent }) => {
    const article = demoArticles[0]!;
    await userEvent.click(
      within(await findRowOf(canvas, article.title)).getByRole('button', { name: m.common.edit }),
    );
    const dialog = await screen.findByRole('dialog', { name: text.editTitle });
    await userEvent.click(within(dialog).getByRole('button', { name: text.saveChanges }));
    await expect(await toast('Artikel sedang diubah admin lain.')).toBeVisible();
    await expect(within(dialog).getByRole('button', { name: text.saveChanges })).toBeEnabled();
    await expect(screen.getByRole('dialog', { name: text.editTitle })).toBeVisible();
  },
};

/** Delete asks first, naming the article; Batal keeps it, 'Ya, Hapus!' removes the row. */
export const DeleteWithConfirm: Story = {
  play: async ({ canvas, userEvent }) => {
    const article = demoArticles[1]!;
    const deleteButton = async () =>
      within(await findRowOf(canvas, article.title)).getByRole('button', {
        name: m.common.delete,
      });
    await userEvent.click(await deleteButton());
    let confirm = await screen.findByRole('alertdialog', { name: m.common.confirmDelete.title });
    await expect(confirm).toHaveTextContent(text.confirmDelete(article.title));
    await userEvent.click(
      within(confirm).getByRole('button', { name: m.common.confirmDelete.cancel }),
    );
    await waitFor(() =>
      expect(screen.queryByRole('alertdialog', { name: m.common.confirmDelete.title })).toBeNull(),
    );
    await expect(rowOf(canvas, article.title)).toBeVisible();

    await userEvent.click(await deleteButton());
    confirm = await screen.findByRole('alertdialog', { name: m.common.confirmDelete.title });
    await userEvent.click(
      within(confirm).getByRole('button', { name: m.common.confirmDelete.confirm }),
    );
    await expect(await toast(text.deleted)).toBeVisible();
    await waitFor(() =>
      expect(screen.queryByRole('alertdialog', { name: m.common.confirmDelete.title })).toBeNull(),
    );
    await waitFor(() =>
      expect(
        within(table(canvas)).queryByRole('row', { name: (n) => n.includes(article.title) }),
      ).toBeNull(),
    );
    const total = demoArticles.length - 1;
    await expect(canvas.getByText(m.pagination.showingRange(1, PAGE_SIZE, total))).toBeVisible();
  },
};

export const DeleteFails: Story = {
  parameters: { sandbox: { failOn: { 'article.delete': 'network' } } },
  play: async ({ canvas, userEvent }) => {
    const article = demoArticles[0]!;
    await userEvent.click(
      within(await findRowOf(canvas, article.title)).getByRole('button', { name: m.common.delete }),
    );
    const confirm = await screen.findByRole('alertdialog', { name: m.common.confirmDelete.title });
    await userEvent.click(
      within(confirm).getByRole('button', { name: m.common.confirmDelete.confirm }),
    );
    await expect(await toast(text.deleteNetworkError)).toBeVisible();
    await expect(rowOf(canvas, article.title)).toBeVisible();
  },
};

/** Keyboard only: into the table, along a row to Edit, change the title, save. */
export const KeyboardEdit: Story = {
  play: async ({ canvas, userEvent }) => {
    const article = demoArticles[1]!;
    await findRowOf(canvas, article.title);
    await userEvent.tab();
    await expect(search(canvas)).toHaveFocus();
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: text.refresh })).toHaveFocus();
    await userEvent.tab();
    await expect(rowOf(canvas, demoArticles[0]!.title)).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    await expect(rowOf(canvas, article.title)).toHaveFocus();
    // Along the row: the cells, then the actions (view, edit).
    const edit = within(rowOf(canvas, article.title)).getByRole('button', { name: m.common.edit });
    for (let step = 0; step < 10 && document.activeElement !== edit; step++) {
      await userEvent.keyboard('{ArrowRight}');
    }
    await expect(edit).toHaveFocus();
    await userEvent.keyboard('{Enter}');

    const dialog = within(await screen.findByRole('dialog', { name: text.editTitle }));
    const title = dialog.getByRole('textbox', { name: fields.title });
    await waitFor(() => expect(title).toHaveFocus());
    await userEvent.keyboard('{End} (Diperbarui)');
    // Category and status: open, move, choose.
    await userEvent.tab();
    await userEvent.tab();
    await userEvent.tab();
    await expect(dialog.getByRole('button', { name: new RegExp(fields.category) })).toHaveFocus();
    await userEvent.tab();
    const status = dialog.getByRole('button', { name: new RegExp(fields.status) });
    await expect(status).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    const listbox = await screen.findByRole('listbox');
    await waitFor(() => expect(listbox.contains(document.activeElement)).toBe(true));
    await userEvent.keyboard('{ArrowDown}{Enter}');
    await expect(status).toHaveTextContent(m.articleStatuses.archived);
    // react-aria gives focus back to the button a frame after its list closes.
    await waitFor(() => expect(status).toHaveFocus());
    await userEvent.tab();
    await expect(dialog.getByRole('textbox', { name: fields.tags })).toHaveFocus();
    await userEvent.keyboard('revisi{Enter}');

    const save = dialog.getByRole('button', { name: text.saveChanges });
    for (let step = 0; step < 6 && document.activeElement !== save; step++) {
      await userEvent.tab();
    }
    await expect(save).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(await toast(text.updated)).toBeVisible();
    const row = await findRowOf(canvas, `${article.title} (Diperbarui)`);
    await expect(within(row).getByText(m.articleStatuses.archived)).toBeVisible();
    await expect(within(row).getByText('revisi')).toBeVisible();
  },
};

export const LongNames: Story = {
  parameters: { sandbox: { seed: longNamesSeed } },
  play: async ({ canvas }) => {
    const [article] = longNamesSeed.articles;
    const row = await findRowOf(canvas, article!.title);
    await expect(row).toHaveTextContent(formatNumberId(article!.views_count));
  },
};
