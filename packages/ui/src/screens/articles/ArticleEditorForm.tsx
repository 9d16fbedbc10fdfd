import {
  type ArticleCategory,
  type ArticleStatus,
  isApiError,
  UPLOAD_MAX_BYTES,
} from '@ranwal/core';
import { type FormEvent, useEffect, useEffectEvent, useState } from 'react';
import { FileTrigger } from 'react-aria-components';
import { Banner } from '../../components/Banner.js';
import { Button } from '../../components/Button.js';
import { ConfirmDialog } from '../../components/ConfirmDialog.js';
import { UploadIcon } from '../../components/icons.js';
import { Radio, RadioGroup } from '../../components/RadioGroup.js';
import { TextField } from '../../components/TextField.js';
import { toastDurations } from '../../components/Toast.js';
import { describeError } from '../../data/errors.js';
import { useMessages } from '../../data/RanwalProvider.js';
import { clearDraft, readDraft, useUnsavedWarning, writeDraft } from '../../lib/session-draft.js';
import { ArticleCategorySelect } from './ArticleCategorySelect.js';
import { type ArticleEditorProps, SAVED_DELAY_MS } from './article-editor-props.js';
import { CoverImage, statusOptions } from './parts.js';
import { RichTextEditor } from './RichTextEditor.js';
import { htmlText, sanitizeArticleHtml } from './sanitize-html.js';
import { TagInput } from './TagInput.js';

interface Feedback {
  tone: 'success' | 'error';
  text: string;
  /** A new key shows the banner again even when the text is the same. */
  key: number;
}

/** What is kept of an article being written (the cover by its uploaded URL). */
interface ArticleDraft {
  title: string;
  category: ArticleCategory | null;
  status: ArticleStatus;
  tags: string[];
  content: string;
  coverUrl?: string | undefined;
}

interface Cover {
  /** What the article stores: the URL the upload answered. */
  url: string;
  /** What the page shows meanwhile: the chosen file itself, without a round trip. */
  previewUrl: string;
}

const isNetworkError = (error: unknown) => isApiError(error) && error.kind === 'network';

/** The editor behind `ArticleEditor`'s lazy boundary. */
export function ArticleEditorForm({
  onUploadCover,
  onSubmit,
  onSaved,
  onCancel,
  draftKey,
}: ArticleEditorProps) {
  const messages = useMessages();
  const fields = messages.articles.fields;
  const text = messages.articles.editor;

  const [restored] = useState(() => (draftKey ? readDraft<ArticleDraft>(draftKey) : undefined));
  const [title, setTitle] = useState(restored?.title ?? '');
  const [category, setCategory] = useState<ArticleCategory | null>(restored?.category ?? null);
  const [status, setStatus] = useState<ArticleStatus>(restored?.status ?? 'published');
  const [tags, setTags] = useState<string[]>(restored?.tags ?? []);
  const [content, setContent] = useState(restored?.content ?? '');
  // A restored cover shows from its uploaded URL.
  const [cover, setCover] = useState<Cover | null>(
    restored?.coverUrl ? { url: restored.coverUrl, previewUrl: restored.coverUrl } : null,
  );
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  const [isUploading, setUploading] = useState(false);
  const [uploadFeedback, setUploadFeedback] = useState<Feedback | null>(null);
  const [isSaving, setSaving] = useState(false);
  const [isSaved, setSaved] = useState(false);
  const [feedback, setFeedback] = useState<Feedback | null>(null);

  const say = (set: typeof setFeedback, tone: Feedback['tone'], message: string) =>
    set({ tone, text: message, key: Date.now() });

  // The preview's object URL lives as long as it is shown.
  useEffect(() => {
    if (!cover?.previewUrl.startsWith('blob:')) return;
    return () => URL.revokeObjectURL(cover.previewUrl);
  }, [cover]);

  // What is written is kept until it is saved, and leaving the page asks first.
  const written =
    title.trim() !== '' || htmlText(content).trim() !== '' || tags.length > 0 || cover !== null;
  useUnsavedWarning(written && !isSaved);
  useEffect(() => {
    if (!draftKey || isSaved) return;
    if (!written) return clearDraft(draftKey);
    const draft: ArticleDraft = { title, category, status, tags, content, coverUrl: cover?.url };
    writeDraft(draftKey, draft);
  }, [draftKey, isSaved, written, title, category, status, tags, content, cover]);

  const saved = useEffectEvent(() => onSaved?.());
  useEffect(() => {
    if (!isSaved) return;
    const timer = setTimeout(saved, SAVED_DELAY_MS);
    return () => clearTimeout(timer);
  }, [isSaved]);

  const upload = async (files: FileList | null) => {
    const file = files?.[0];
    if (!file) return;
    if (!file.type.startsWith('image/')) return say(setUploadFeedback, 'error', text.notAnImage);
    if (file.size > UPLOAD_MAX_BYTES) return say(setUploadFeedback, 'error', text.fileTooLarge);
    setUploading(true);
    setUploadFeedback(null);
    try {
      const url = await onUploadCover(file);
      setCover({ url, previewUrl: URL.createObjectURL(file) });
      say(setUploadFeedback, 'success', text.uploaded);
    } catch (error) {
      say(
        setUploadFeedback,
        'error',
        isNetworkError(error) ? text.uploadNetworkError : text.uploadFailed,
      );
    } finally {
      setUploading(false);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (title.trim() === '' || htmlText(content).trim() === '') {
      return say(setFeedback, 'error', text.titleContentRequired);
    }
    if (!category) return say(setFeedback, 'error', text.categoryRequired);
    setSaving(true);
    setFeedback(null);
    try {
      await onSubmit({
        title: title.trim(),
        content: sanitizeArticleHtml(content),
        cover_image: cover?.url ?? '',
        tags,
        status,
        category,
      });
      say(setFeedback, 'success', status === 'published' ? text.published : text.saved);
      if (draftKey) clearDraft(draftKey);
      setSaved(true);
    } catch (error) {
      say(
        setFeedback,
        'error',
        isNetworkError(error)
          ? text.networkError
          : text.saveFailed(describeError(error, text.saveFailedDefault)),
      );
    } finally {
      setSaving(false);
    }
  };

  // Blank (nothing typed at all) keeps the button disabled; whitespace only is refused on submit.
  const isIncomplete = title === '' || htmlText(content) === '';
  const isBusy = isSaving || isSaved;

  return (
    <form
      onSubmit={submit}
      noValidate
      className="mx-auto flex w-full max-w-6xl flex-col gap-6 text-slate-900"
    >
      <h1 className="text-2xl font-bold">{text.title}</h1>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="flex min-w-0 flex-col gap-5 rounded-lg border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
          <TextField
            label={fields.title}
            placeholder={fields.titlePlaceholder}
            value={title}
            onChange={setTitle}
            isRequired
            validationBehavior="aria"
            isDisabled={isBusy}
          />
          <RichTextEditor
            label={fields.content}
            onChange={setContent}
            isRequired
            isDisabled={isBusy}
          />
        </div>

        <div className="flex flex-col gap-5 rounded-lg border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
          <ArticleCategorySelect
            value={category}
            onChange={(chosen) => {
              setCategory(chosen);
              // A chosen category answers 'Kategori wajib dipilih': the error goes with it.
              setFeedback((current) => (current?.text === text.categoryRequired ? null : current));
            }}
            isDisabled={isBusy}
          />

          <RadioGroup
            label={text.statusLabel}
            value={status}
            onChange={(value) => setStatus(value as ArticleStatus)}
            isDisabled={isBusy}
          >
            {statusOptions(messages).map((option) => (
              <Radio key={option.id} value={option.id}>
                {option.name}
              </Radio>
            ))}
          </RadioGroup>

          <fieldset className="flex min-w-0 flex-col gap-2">
            <legend className="mb-1 text-sm font-medium text-slate-800">{fields.coverImage}</legend>
            {cover && (
              <CoverImage
                src={cover.previewUrl}
                alt={fields.coverImage}
                emptyText={messages.articles.public.noCoverImage}
                failedText={messages.articles.public.imageFailed}
                className="aspect-video w-full rounded-md border border-slate-200"
              />
            )}
            <div className="flex flex-wrap gap-2">
              <FileTrigger acceptedFileTypes={['image/*']} onSelect={upload}>
                <Button variant="secondary" isPending={isUploading} isDisabled={isBusy}>
                  <UploadIcon className="size-4" />
                  {isUploading ? text.uploading : text.uploadCover}
                </Button>
              </FileTrigger>
              {cover && (
                <Button
                  variant="ghost"
                  onPress={() => {
                    setCover(null);
                    setUploadFeedback(null);
                  }}
                  isDisabled={isBusy || isUploading}
                  className="text-red-700 data-[hovered]:bg-red-50 data-[pressed]:bg-red-100"
                >
                  {text.removeCover}
                </Button>
              )}
            </div>
            {uploadFeedback && (
              <Banner
                key={uploadFeedback.key}
                tone={uploadFeedback.tone}
                // Success clears itself after 3 s; errors stay until the next try.
                timeout={uploadFeedback.tone === 'success' ? toastDurations.upload : undefined}
                onDismiss={() => setUploadFeedback(null)}
              >
                {uploadFeedback.text}
              </Banner>
            )}
          </fieldset>

          <TagInput tags={tags} onChange={setTags} isDisabled={isBusy} />
        </div>
      </div>

      {feedback && (
        <Banner key={feedback.key} tone={feedback.tone}>
          {feedback.text}
        </Banner>
      )}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button
          variant="secondary"
          onPress={() => (written && !isSaved ? setConfirmingCancel(true) : onCancel?.())}
          isDisabled={isSaving}
        >
          {messages.common.cancel}
        </Button>
        <Button type="submit" isDisabled={isIncomplete || isSaved} isPending={isSaving}>
          {status === 'published' ? text.submitPublish : text.submitSave}
        </Button>
      </div>
      <ConfirmDialog
        isOpen={confirmingCancel}
        onOpenChange={setConfirmingCancel}
        title={text.discardTitle}
        message={text.discardMessage}
        confirmLabel={text.discardConfirm}
        onConfirm={() => {
          setConfirmingCancel(false);
          if (draftKey) clearDraft(draftKey);
          onCancel?.();
        }}
      />
    </form>
  );
}
