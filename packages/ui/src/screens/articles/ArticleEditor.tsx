import type { ArticleInput } from '@ranwal/core';
import { lazy, Suspense } from 'react';
import { LoadingState } from '../../components/States.js';
import { useCreateArticle, useUploadImage } from '../../data/queries.js';

// The editor (contentEditable, toolbar, upload, tags) is its own chunk: the public home and the
// admin lists never download it.
const ArticleEditorForm = lazy(() =>
  import('./ArticleEditorForm.js').then((module) => ({ default: module.ArticleEditorForm })),
);

/** Images larger than this are refused before uploading (spec section 9: 5 MB). */
export const MAX_COVER_BYTES = 5 * 1024 * 1024;
/** How long the success message stays before `onSaved` (spec section 8: 1.5 s). */
export const SAVED_DELAY_MS = 1500;

export interface ArticleEditorProps {
  /** Uploads a cover image and resolves to its URL; rejects with the API's error. */
  onUploadCover: (file: File) => Promise<string>;
  /** Saves the article; rejects with the API's error. */
  onSubmit: (article: ArticleInput) => Promise<unknown>;
  /** Called 1.5 s after a successful save (the portal then shows the admin article list). */
  onSaved?: () => void;
  /** 'Batal'. */
  onCancel?: () => void;
}

/**
 * The article creation page (/admin-artikel): title, category, cover upload, tags, status and
 * the rich-text content, loaded on demand.
 */
export function ArticleEditor(props: ArticleEditorProps) {
  return (
    <Suspense fallback={<LoadingState />}>
      <ArticleEditorForm {...props} />
    </Suspense>
  );
}

export interface ConnectedArticleEditorProps {
  onSaved?: () => void;
  onCancel?: () => void;
}

/** The article editor saving and uploading through the API. */
export function ConnectedArticleEditor({ onSaved, onCancel }: ConnectedArticleEditorProps) {
  const create = useCreateArticle();
  const upload = useUploadImage();
  return (
    <ArticleEditor
      onSubmit={(article) => create.mutateAsync(article)}
      onUploadCover={async (file) => (await upload.mutateAsync(file)).data.path}
      onSaved={onSaved}
      onCancel={onCancel}
    />
  );
}
