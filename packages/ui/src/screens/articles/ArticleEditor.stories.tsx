import { ApiError, messagesId, UPLOAD_MAX_BYTES } from '@ranwal/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { userEvent as baseUserEvent, expect, fn, screen, waitFor, within } from 'storybook/test';
import { httpError } from '../../testing/sandbox-client.js';
import { ArticleEditor, ConnectedArticleEditor } from './ArticleEditor.js';
import { a11yWithoutLiveAnnouncer, pngFile, withSandboxClient } from './story-helpers.js';

const m = messagesId;
const fields = m.articles.fields;
const text = m.articles.editor;
const toolbar = text.toolbar;
const COVER_URL = 'https://cdn.bappeda.example.go.id/uploads/sampul-musrenbang.png';

type Canvas = ReturnType<typeof within>;
/** What the helpers need of a play function's `userEvent`. */
interface User {
  click: (element: Element) => Promise<void>;
  keyboard: (keys: string) => Promise<void>;
}

const meta = {
  title: 'Screens/Articles/ArticleEditor',
  component: ArticleEditor,
  decorators: [
    (Story) => (
      <div className="min-h-screen bg-slate-50 p-4 sm:p-6">
        <Story />
      </div>
    ),
  ],
  parameters: { layout: 'fullscreen', ...a11yWithoutLiveAnnouncer },
  args: {
    onUploadCover: fn(async () => COVER_URL),
    onSubmit: fn(async () => undefined),
    onSaved: fn(),
    onCancel: fn(),
  },
} satisfies Meta<typeof ArticleEditor>;
export default meta;
type Story = StoryObj<typeof meta>;

// The editor is a lazy chunk: wait for it before looking inside.
const titleField = (canvas: Canvas) => canvas.findByRole('textbox', { name: fields.title });
const contentEditor = (canvas: Canvas) => canvas.getByRole('textbox', { name: fields.content });
const submitButton = (canvas: Canvas, label: string = text.submitPublish) =>
  canvas.getByRole('button', { name: label });
const toolbarButton = (canvas: Canvas, name: string) =>
  within(canvas.getByRole('toolbar', { name: toolbar.label })).getByRole('button', { name });
/** The file input behind 'Unggah Gambar' (what a file chooser fills in). */
const fileInput = (canvas: Canvas) =>
  canvas.getByRole('button', { name: text.uploadCover }).parentElement!.querySelector('input')!;
const offline = new ApiError({ kind: 'network', message: 'Network error: offline' });

/**
 * A spy failing with each error in turn. (Its own implementation, not `mockRejectedValueOnce`:
 * Storybook resets spies to their implementation around rendering.)
 */
function failingInTurn(errors: ApiError[]) {
  const spy = fn(async (..._args: unknown[]): Promise<never> => {
    throw errors[Math.min(spy.mock.calls.length, errors.length) - 1];
  });
  return spy;
}

// A file chooser filters by `accept`; files dragged in or picked with "All files" are not.
const anyFileUser = baseUserEvent.setup({ applyAccept: false });

async function chooseCategory(canvas: Canvas, user: User, name: string) {
  await user.click(canvas.getByRole('button', { name: new RegExp(fields.category) }));
  await user.click(await screen.findByRole('option', { name }));
}

async function typeContent(canvas: Canvas, user: User, content: string) {
  await user.click(contentEditor(canvas));
  await user.keyboard(content);
}

/** The page as it opens; filled in and published, then `onSaved` 1.5 s later. */
export const Default: Story = {
  play: async ({ canvas, userEvent, args }) => {
    const title = await titleField(canvas);
    await expect(canvas.getByRole('heading', { name: text.title })).toBeVisible();
    await expect(canvas.getByRole('radio', { name: m.articleStatuses.published })).toBeChecked();
    await expect(submitButton(canvas)).toBeDisabled();
    await expect(canvas.getByRole('group', { name: fields.coverImage })).toBeVisible();

    await userEvent.type(title, '  Musrenbang 2026  ');
    await typeContent(canvas, userEvent, '24 usulan.');
    await chooseCategory(canvas, userEvent, m.articleCategories['Tindak Lanjut Hasil Musrenbang']);
    await userEvent.type(canvas.getByRole('textbox', { name: fields.tags }), 'musrenbang{Enter}');
    await expect(submitButton(canvas)).toBeEnabled();
    await userEvent.click(submitButton(canvas));

    await expect(args.onSubmit).toHaveBeenCalledOnce();
    await expect(args.onSubmit).toHaveBeenCalledWith({
      title: 'Musrenbang 2026',
      content: '<p>24 usulan.</p>',
      cover_image: '',
      tags: ['musrenbang'],
      status: 'published',
      category: 'Tindak Lanjut Hasil Musrenbang',
    });
    await expect(await canvas.findByRole('status')).toHaveTextContent(text.published);
    await expect(args.onSaved).not.toHaveBeenCalled();
    await waitFor(() => expect(args.onSaved).toHaveBeenCalledOnce(), { timeout: 15_000 });
  },
};

/** Bold wraps the selection in <strong>; H2 turns its line into a heading; both show pressed. */
export const ToolbarFormatting: Story = {
  play: async ({ canvas, userEvent, args }) => {
    const title = await titleField(canvas);
    await userEvent.type(title, 'Format');
    await typeContent(canvas, userEvent, 'Hasil rapat');
    await userEvent.keyboard('{Control>}a{/Control}');

    const bold = toolbarButton(canvas, toolbar.bold);
    await expect(bold).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(bold);
    await expect(bold).toHaveAttribute('aria-pressed', 'true');
    const h2 = toolbarButton(canvas, toolbar.heading(2));
    await userEvent.click(h2);
    await expect(h2).toHaveAttribute('aria-pressed', 'true');
    await expect(toolbarButton(canvas, toolbar.paragraph)).toHaveAttribute('aria-pressed', 'false');

    const editor = contentEditor(canvas);
    await expect(within(editor).getByRole('heading', { level: 2 })).toHaveTextContent(
      'Hasil rapat',
    );
    await chooseCategory(canvas, userEvent, m.articleCategories['Kegiatan Rutin']);
    await userEvent.click(submitButton(canvas));
    await expect(args.onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({ content: '<h2><strong>Hasil rapat</strong></h2>' }),
    );
  },
};

/** The preview shows the sanitized HTML in place of the editor, and back. */
export const PreviewToggle: Story = {
  play: async ({ canvas, userEvent }) => {
    await titleField(canvas);
    await typeContent(canvas, userEvent, 'Isi pratinjau miring');
    await userEvent.keyboard('{Control>}a{/Control}{Control>}i{/Control}');

    await userEvent.click(canvas.getByRole('button', { name: text.showPreview }));
    const preview = canvas.getByRole('region', { name: text.showPreview });
    await expect(preview).toHaveTextContent('Isi pratinjau miring');
    await expect(within(preview).getByText('Isi pratinjau miring').tagName).toBe('EM');
    await expect(canvas.queryByRole('textbox', { name: fields.content })).toBeNull();
    await expect(toolbarButton(canvas, toolbar.bold)).toBeDisabled();

    await userEvent.click(canvas.getByRole('button', { name: text.hidePreview }));
    await expect(canvas.queryByRole('region', { name: text.showPreview })).toBeNull();
    await expect(contentEditor(canvas)).toHaveTextContent('Isi pratinjau miring');
  },
};

/** Tags are trimmed, blank ones ignored, duplicates not added; each chip can be removed. */
export const TagTrimmingAndDuplicates: Story = {
  play: async ({ canvas, userEvent }) => {
    await titleField(canvas);
    const input = canvas.getByRole('textbox', { name: fields.tags });
    const chips = () =>
      within(canvas.getByRole('grid', { name: fields.tags }))
        .getAllByRole('row')
        .map((row) => row.textContent);

    await userEvent.type(input, '  musrenbang  {Enter}');
    await expect(chips()).toEqual(['musrenbang']);
    await expect(input).toHaveValue('');
    await userEvent.type(input, 'musrenbang');
    await userEvent.click(canvas.getByRole('button', { name: fields.addTag }));
    await userEvent.type(input, '   {Enter}');
    await userEvent.type(input, 'kecamatan{Enter}');
    await expect(chips()).toEqual(['musrenbang', 'kecamatan']);

    await userEvent.click(canvas.getByRole('button', { name: fields.removeTag('musrenbang') }));
    await expect(chips()).toEqual(['kecamatan']);
  },
};

export const NotAnImage: Story = {
  play: async ({ canvas, args }) => {
    await titleField(canvas);
    const notes = new File(['catatan rapat'], 'catatan.txt', { type: 'text/plain' });
    await anyFileUser.upload(fileInput(canvas), notes);
    await expect(await canvas.findByRole('alert')).toHaveTextContent(text.notAnImage);
    await expect(args.onUploadCover).not.toHaveBeenCalled();
  },
};

/** 5 MB and one byte is one byte too many. */
export const FileTooLarge: Story = {
  play: async ({ canvas, args }) => {
    await titleField(canvas);
    const large = new File([new Uint8Array(UPLOAD_MAX_BYTES + 1)], 'besar.png', {
      type: 'image/png',
    });
    await anyFileUser.upload(fileInput(canvas), large);
    await expect(await canvas.findByRole('alert')).toHaveTextContent(text.fileTooLarge);
    await expect(args.onUploadCover).not.toHaveBeenCalled();
  },
};

/** The server refuses the file, or cannot be reached. */
export const UploadFailed: Story = {
  args: {
    onUploadCover: failingInTurn([
      httpError('unsupported_media_type', m.server.unsupportedImage),
      offline,
    ]),
  },
  play: async ({ canvas, userEvent }) => {
    await titleField(canvas);
    await userEvent.upload(fileInput(canvas), pngFile());
    await expect(await canvas.findByRole('alert')).toHaveTextContent(text.uploadFailed);
    await userEvent.upload(fileInput(canvas), pngFile());
    await waitFor(() =>
      expect(canvas.getByRole('alert')).toHaveTextContent(text.uploadNetworkError),
    );
    await expect(canvas.queryByRole('img', { name: fields.coverImage })).toBeNull();
  },
};

/**
 * Through the sandbox client: the upload answers an http(s) URL (what core's schema accepts), the
 * chosen file previews at once, the confirmation clears after 3 s, and the article saves with it.
 */
export const UploadAndPublish: Story = {
  decorators: [withSandboxClient],
  render: (args) => <ConnectedArticleEditor onSaved={args.onSaved} onCancel={args.onCancel} />,
  play: async ({ canvas, userEvent, args }) => {
    await userEvent.type(await titleField(canvas), 'Sampul baru');
    await userEvent.upload(fileInput(canvas), pngFile());
    await expect(await canvas.findByRole('status')).toHaveTextContent(text.uploaded);
    const preview = canvas.getByRole('img', { name: fields.coverImage });
    await waitFor(() => expect((preview as HTMLImageElement).naturalWidth).toBe(1));
    await expect(canvas.getByRole('button', { name: text.removeCover })).toBeVisible();
    await waitFor(() => expect(canvas.queryByText(text.uploaded)).toBeNull());

    await typeContent(canvas, userEvent, 'Isi.');
    await chooseCategory(canvas, userEvent, m.articleCategories['Kegiatan Rutin']);
    await userEvent.click(submitButton(canvas));
    await expect(await canvas.findByRole('status')).toHaveTextContent(text.published);
    await waitFor(() => expect(args.onSaved).toHaveBeenCalledOnce(), { timeout: 15_000 });
  },
};

/** The cover can be removed again before saving. */
export const RemoveCover: Story = {
  play: async ({ canvas, userEvent, args }) => {
    await titleField(canvas);
    await userEvent.upload(fileInput(canvas), pngFile());
    await expect(args.onUploadCover).toHaveBeenCalledOnce();
    await userEvent.click(await canvas.findByRole('button', { name: text.removeCover }));
    await expect(canvas.queryByRole('img', { name: fields.coverImage })).toBeNull();

    await userEvent.type(canvas.getByRole('textbox', { name: fields.title }), 'Tanpa sampul');
    await typeContent(canvas, userEvent, 'Isi.');
    await chooseCategory(canvas, userEvent, m.articleCategories['Kegiatan Rutin']);
    await userEvent.click(submitButton(canvas));
    await expect(args.onSubmit).toHaveBeenCalledWith(expect.objectContaining({ cover_image: '' }));
  },
};

/** 'Publikasikan Artikel' for published; 'Simpan Artikel' for draft and archived. */
export const SubmitLabelFollowsStatus: Story = {
  play: async ({ canvas, userEvent, args }) => {
    await userEvent.type(await titleField(canvas), 'Draf jadwal');
    await typeContent(canvas, userEvent, 'Masih dapat berubah.');
    await chooseCategory(canvas, userEvent, m.articleCategories['Kegiatan Rutin']);
    await expect(submitButton(canvas, text.submitPublish)).toBeVisible();
    await userEvent.click(canvas.getByRole('radio', { name: m.articleStatuses.archived }));
    await expect(submitButton(canvas, text.submitSave)).toBeVisible();
    await userEvent.click(canvas.getByRole('radio', { name: m.articleStatuses.draft }));
    await expect(canvas.queryByRole('button', { name: text.submitPublish })).toBeNull();

    await userEvent.click(submitButton(canvas, text.submitSave));
    await expect(args.onSubmit).toHaveBeenCalledWith(expect.objectContaining({ status: 'draft' }));
    await expect(await canvas.findByRole('status')).toHaveTextContent(text.saved);
  },
};

/** Blank fields keep submit disabled; whitespace and a missing category are refused. */
export const ValidationErrors: Story = {
  play: async ({ canvas, userEvent, args }) => {
    const title = await titleField(canvas);
    await expect(submitButton(canvas)).toBeDisabled();
    await userEvent.type(title, '   ');
    await expect(submitButton(canvas)).toBeDisabled();
    await typeContent(canvas, userEvent, 'Isi artikel.');
    await userEvent.click(submitButton(canvas));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(text.titleContentRequired);

    await userEvent.type(title, 'Judul yang benar');
    await userEvent.click(submitButton(canvas));
    await waitFor(() => expect(canvas.getByRole('alert')).toHaveTextContent(text.categoryRequired));
    await expect(args.onSubmit).not.toHaveBeenCalled();
    // Choosing a category answers the error: it does not linger.
    await chooseCategory(canvas, userEvent, m.articleCategories['Kegiatan Rutin']);
    await waitFor(() => expect(canvas.queryByText(text.categoryRequired)).toBeNull());
  },
};

/** A refused save shows 'Error: ' and the server's message (or the default); offline its own. */
export const SaveFailed: Story = {
  args: {
    onSubmit: failingInTurn([
      httpError('validation', 'Kolom title tidak valid: maksimal 200 karakter'),
      httpError('internal'),
      offline,
    ]),
  },
  play: async ({ canvas, userEvent, args }) => {
    await userEvent.type(await titleField(canvas), 'Gagal');
    await typeContent(canvas, userEvent, 'Isi.');
    await chooseCategory(canvas, userEvent, m.articleCategories['Usulan Reses DPRD']);
    const alertSays = (message: string) =>
      waitFor(() => expect(canvas.getByRole('alert')).toHaveTextContent(message));

    await userEvent.click(submitButton(canvas));
    await alertSays(text.saveFailed('Kolom title tidak valid: maksimal 200 karakter'));
    await userEvent.click(submitButton(canvas));
    await alertSays(text.saveFailed(text.saveFailedDefault));
    await userEvent.click(submitButton(canvas));
    await alertSays(text.networkError);
    await expect(args.onSaved).not.toHaveBeenCalled();
  },
};

export const Cancel: Story = {
  play: async ({ canvas, userEvent, args }) => {
    await titleField(canvas);
    await userEvent.click(canvas.getByRole('button', { name: m.common.cancel }));
    await expect(args.onCancel).toHaveBeenCalledOnce();
  },
};

/**
 * Keyboard only: title, content, the toolbar (Shift+Tab into it, arrows along it, Enter to
 * apply), the preview, category, status, a tag, and submit.
 */
export const KeyboardOnly: Story = {
  play: async ({ canvas, userEvent, args }) => {
    const title = await titleField(canvas);
    await userEvent.tab();
    await expect(title).toHaveFocus();
    await userEvent.keyboard('Rapat koordinasi');

    // The toolbar is one tab stop on the way to the content.
    await userEvent.tab();
    await expect(toolbarButton(canvas, toolbar.bold)).toHaveFocus();
    await userEvent.tab();
    const editor = contentEditor(canvas);
    await expect(editor).toHaveFocus();
    await userEvent.keyboard('Agenda rapat');
    await userEvent.keyboard('{Control>}a{/Control}');

    // Back into the toolbar, along to H2, apply; focus returns to the text.
    await userEvent.tab({ shift: true });
    await expect(toolbarButton(canvas, toolbar.bold)).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}{ArrowRight}');
    await expect(toolbarButton(canvas, toolbar.heading(2))).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(editor).toHaveFocus();
    await expect(toolbarButton(canvas, toolbar.heading(2))).toHaveAttribute('aria-pressed', 'true');
    await expect(within(editor).getByRole('heading', { level: 2 })).toHaveTextContent(
      'Agenda rapat',
    );

    // The toolbar remembers where it was; on to the preview and back.
    await userEvent.tab({ shift: true });
    await expect(toolbarButton(canvas, toolbar.heading(2))).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}{Enter}');
    await expect(canvas.getByRole('region', { name: text.showPreview })).toHaveTextContent(
      'Agenda rapat',
    );
    await userEvent.keyboard('{Enter}');
    await expect(canvas.queryByRole('region', { name: text.showPreview })).toBeNull();

    // Out of the toolbar and the content, to the side column.
    await userEvent.tab();
    await expect(editor).toHaveFocus();
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: new RegExp(fields.category) })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    const listbox = await screen.findByRole('listbox');
    await waitFor(() => expect(listbox.contains(document.activeElement)).toBe(true));
    await userEvent.keyboard('{ArrowDown}{Enter}');
    // react-aria gives focus back to the button a frame after its list closes.
    await waitFor(() =>
      expect(canvas.getByRole('button', { name: new RegExp(fields.category) })).toHaveFocus(),
    );
    await userEvent.tab();
    await expect(canvas.getByRole('radio', { name: m.articleStatuses.published })).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    await expect(canvas.getByRole('radio', { name: m.articleStatuses.draft })).toBeChecked();
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: text.uploadCover })).toHaveFocus();
    await userEvent.tab();
    await expect(canvas.getByRole('textbox', { name: fields.tags })).toHaveFocus();
    await userEvent.keyboard('rapat{Enter}');
    await userEvent.tab();
    await userEvent.tab();
    await expect(canvas.getByRole('row', { name: 'rapat' })).toHaveFocus();
    await userEvent.tab();
    await userEvent.tab();
    await expect(submitButton(canvas, text.submitSave)).toHaveFocus();
    await userEvent.keyboard('{Enter}');

    await expect(args.onSubmit).toHaveBeenCalledOnce();
    await expect(args.onSubmit).toHaveBeenCalledWith({
      title: 'Rapat koordinasi',
      content: '<h2>Agenda rapat</h2>',
      cover_image: '',
      tags: ['rapat'],
      status: 'draft',
      category: 'Usulan Reses DPRD',
    });
  },
};

/**
 * 'Batal' leaves an empty editor at once, but asks before throwing away a written article; what
 * is written is kept in the tab meanwhile (a reload gives it back).
 */
export const CancelAsksWhenWritten: Story = {
  args: { draftKey: 'ranwal.draft.story-admin.article' },
  play: async ({ canvas, args, userEvent }) => {
    const title = await titleField(canvas);
    await userEvent.type(title, 'Musrenbang Kecamatan 2026');
    await waitFor(() =>
      expect(
        JSON.parse(sessionStorage.getItem('ranwal.draft.story-admin.article') ?? '{}'),
      ).toMatchObject({ title: 'Musrenbang Kecamatan 2026' }),
    );
    await userEvent.click(canvas.getByRole('button', { name: m.common.cancel }));
    const ask = await screen.findByRole('alertdialog', { name: text.discardTitle });
    await expect(ask).toHaveTextContent(text.discardMessage);
    // Staying keeps everything.
    await userEvent.click(within(ask).getByRole('button', { name: m.common.cancel }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    await expect(args.onCancel).not.toHaveBeenCalled();
    await expect(title).toHaveValue('Musrenbang Kecamatan 2026');

    await userEvent.click(canvas.getByRole('button', { name: m.common.cancel }));
    const again = await screen.findByRole('alertdialog', { name: text.discardTitle });
    await userEvent.click(within(again).getByRole('button', { name: text.discardConfirm }));
    await expect(args.onCancel).toHaveBeenCalledOnce();
    await expect(sessionStorage.getItem('ranwal.draft.story-admin.article')).toBeNull();
  },
};
