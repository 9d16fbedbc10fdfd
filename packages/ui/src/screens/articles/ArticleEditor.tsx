import { lazy, Suspense } from 'react';
import { LoadingState } from '../../components/States.js';
import { useCreateArticle, useUploadImage } from '../../data/queries.js';
import { useSession } from '../../data/RanwalProvider.js';
import { draftKey } from '../../lib/session-draft.js';
import type { ArticleEditorProps } from './article-editor-props.js';

export type { ArticleEditorProps } from './article-editor-props.js';

// The editor (contentEditable, toolbar, upload, tags) is its own chunk: the public home and the
// admin lists never download it.
const ArticleEditorForm = lazy(() =>
  import('./ArticleEditorForm.js').then((module) => ({ default: module.ArticleEditorForm })),
);

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
  const session = useSession();
  return (
    <ArticleEditor
      draftKey={draftKey(session?.userId, 'article')}
      onSubmit={(article) => create.mutateAsync(article)}
      onUploadCover={async (file) => (await upload.mutateAsync(file)).data.path}
      onSaved={onSaved}
      onCancel={onCancel}
    />
  );
}
