import {
  type Article,
  type ArticleCategory,
  type ArticleInput,
  type ArticleStatus,
  CoverImage as CoverImageUrl,
} from '@ranwal/core';
import { type FormEvent, useId, useState } from 'react';
import { Banner } from '../../components/Banner.js';
import { Button } from '../../components/Button.js';
import { Dialog, Modal } from '../../components/Dialog.js';
import { Select, SelectItem } from '../../components/Select.js';
import { TextField } from '../../components/TextField.js';
import { useMessages } from '../../data/RanwalProvider.js';
import { ArticleCategorySelect } from './ArticleCategorySelect.js';
import { CoverImage, statusOptions } from './parts.js';
import { TagInput } from './TagInput.js';

export interface EditArticleDialogProps {
  /** The article as listed; the form starts from it. */
  article: Article;
  onClose: () => void;
  /** Saves; the dialog closes when it resolves and stays open (to try again) when it rejects. */
  onSave: (body: ArticleInput) => Promise<unknown>;
}

/**
 * 'Edit Artikel': title, HTML content, cover image URL with a preview, category, status and
 * tags. Title, category and status are required; title, content and cover URL are trimmed.
 */
export function EditArticleDialog({ article, onClose, onSave }: EditArticleDialogProps) {
  const messages = useMessages();
  const fields = messages.articles.fields;
  const text = messages.articles.management;
  const formId = useId();
  const [title, setTitle] = useState(article.title);
  const [content, setContent] = useState(article.content);
  const [coverUrl, setCoverUrl] = useState(article.cover_image ?? '');
  const [category, setCategory] = useState<ArticleCategory | null>(article.category);
  const [status, setStatus] = useState<ArticleStatus | null>(article.status);
  const [tags, setTags] = useState<string[]>(article.tags);
  const [isSaving, setSaving] = useState(false);

  const cover = coverUrl.trim();
  // The same rule the server applies: an http(s) URL, or nothing.
  const isCoverValid = CoverImageUrl.safeParse(cover).success;
  const isComplete = title.trim() !== '' && category !== null && status !== null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!isComplete || !isCoverValid || isSaving) return;
    setSaving(true);
    try {
      await onSave({
        title: title.trim(),
        content: content.trim(),
        cover_image: cover,
        tags,
        status,
        category,
      });
      onClose();
    } catch {
      // Reported by whoever saved (a toast); the form stays for another try.
      setSaving(false);
    }
  };

  return (
    <Modal
      size="lg"
      isOpen
      isKeyboardDismissDisabled={isSaving}
      onOpenChange={(open) => !open && onClose()}
    >
      <Dialog
        title={text.editTitle}
        footer={({ close }) => (
          <>
            <Button variant="secondary" onPress={close} isDisabled={isSaving}>
              {messages.common.cancel}
            </Button>
            <Button
              type="submit"
              form={formId}
              isDisabled={!isComplete || !isCoverValid}
              isPending={isSaving}
            >
              {isSaving ? messages.common.saving : text.saveChanges}
            </Button>
          </>
        )}
      >
        <form id={formId} onSubmit={submit} noValidate className="flex flex-col gap-4">
          {!isComplete && <Banner tone="error">{text.requiredFields}</Banner>}
          <TextField
            label={fields.title}
            placeholder={fields.titlePlaceholder}
            value={title}
            onChange={setTitle}
            autoFocus
            isRequired
            validationBehavior="aria"
            isDisabled={isSaving}
          />
          <TextField
            label={fields.content}
            description={fields.contentHtmlHint}
            value={content}
            onChange={setContent}
            multiline
            rows={8}
            isDisabled={isSaving}
            className="[&_textarea]:font-mono [&_textarea]:text-xs"
          />
          <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_10rem] sm:items-start">
            <TextField
              label={fields.coverImageUrl}
              type="url"
              placeholder="https://"
              value={coverUrl}
              onChange={setCoverUrl}
              errorMessage={isCoverValid ? undefined : messages.validation.invalidUrl}
              isDisabled={isSaving}
            />
            <CoverImage
              key={cover}
              src={isCoverValid ? cover : null}
              alt={fields.coverImage}
              emptyText={text.noCoverImage}
              failedText={text.coverFailed}
              className="aspect-video w-full rounded-md border border-slate-200 text-center text-xs"
            />
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <ArticleCategorySelect value={category} onChange={setCategory} isDisabled={isSaving} />
            <Select
              label={fields.status}
              value={status}
              onChange={(key) => setStatus(key as ArticleStatus | null)}
              isRequired
              validationBehavior="aria"
              isDisabled={isSaving}
            >
              {statusOptions(messages).map((option) => (
                <SelectItem key={option.id} id={option.id}>
                  {option.name}
                </SelectItem>
              ))}
            </Select>
          </div>
          <TagInput tags={tags} onChange={setTags} isDisabled={isSaving} />
        </form>
      </Dialog>
    </Modal>
  );
}
