import {
  type ArticleCategory,
  type ArticleStatus,
  articleCategories,
  articleStatuses,
  isApiError,
  type Messages,
} from '@ranwal/core';
import { useMemo, useState } from 'react';
import { ImageIcon } from '../../components/icons.js';
import { describeError } from '../../data/errors.js';
import { cn } from '../../lib/cn.js';
import { sanitizeArticleHtml } from './sanitize-html.js';

/** Page sizes of spec section 9. */
export const PUBLIC_PAGE_SIZE = 7;
export const MANAGEMENT_PAGE_SIZE = 5;

/** The four categories as select options, in the spec's order, with their display names. */
export const categoryOptions = (messages: Messages) =>
  articleCategories.map((id: ArticleCategory) => ({ id, name: messages.articleCategories[id] }));

/** The three statuses as options: published (the default), draft, archived. */
export const statusOptions = (messages: Messages) =>
  articleStatuses.map((id: ArticleStatus) => ({ id, name: messages.articleStatuses[id] }));

/**
 * The public page's error text (spec section 8, 'Public articles'): the server's message, else
 * the default; a request that got no answer reads 'Network error: …'.
 */
export function describePublicError(error: unknown, fallback: string, messages: Messages): string {
  if (isApiError(error) && error.kind === 'network') {
    return messages.articles.public.networkError(error.message.replace(/^Network error:\s*/i, ''));
  }
  return describeError(error, fallback);
}

/** Typography for article HTML: the rendered view, the editor and its preview look alike. */
export const articleContentStyles = cn(
  'text-base leading-relaxed text-slate-800 break-words',
  '[&>:first-child]:mt-0 [&>:last-child]:mb-0',
  '[&_h1]:mt-6 [&_h1]:mb-3 [&_h1]:text-2xl [&_h1]:font-bold [&_h1]:text-slate-900',
  '[&_h2]:mt-5 [&_h2]:mb-2 [&_h2]:text-xl [&_h2]:font-semibold [&_h2]:text-slate-900',
  '[&_h3]:mt-4 [&_h3]:mb-2 [&_h3]:text-lg [&_h3]:font-semibold [&_h3]:text-slate-900',
  '[&_p]:my-3 [&_ul]:my-3 [&_ul]:list-disc [&_ul]:ps-6 [&_ol]:my-3 [&_ol]:list-decimal [&_ol]:ps-6',
  '[&_li]:my-1 [&_blockquote]:my-4 [&_blockquote]:border-s-4 [&_blockquote]:border-slate-300 [&_blockquote]:ps-4 [&_blockquote]:italic',
  '[&_a]:text-brand-700 [&_a]:underline [&_img]:my-4 [&_img]:h-auto [&_img]:max-w-full [&_img]:rounded-lg',
);

/** Article HTML, rendered only after the allow-list sanitizer has been over it. */
export function ArticleHtml({ html, className }: { html: string; className?: string }) {
  const clean = useMemo(() => sanitizeArticleHtml(html), [html]);
  return (
    <div
      className={cn(articleContentStyles, className)}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: the allow-list sanitizer produced it.
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  );
}

export interface CoverImageProps {
  src: string | null | undefined;
  /** The placeholder's text when there is no image, e.g. 'No cover image'. */
  emptyText: string;
  /** The placeholder's text when the image does not load, e.g. 'Image failed to load'. */
  failedText: string;
  /** Empty by default: the cover illustrates a title that is always shown beside it. */
  alt?: string;
  /** A small thumbnail: the placeholder shows its icon and keeps the text for screen readers. */
  compact?: boolean;
  className?: string;
}

/** An article's cover, or a placeholder saying there is none or that it failed to load. */
export function CoverImage({
  src,
  emptyText,
  failedText,
  alt = '',
  compact = false,
  className,
}: CoverImageProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  if (src && failedSrc !== src) {
    return (
      <img
        src={src}
        alt={alt}
        onError={() => setFailedSrc(src)}
        className={cn('bg-slate-100 object-cover', className)}
      />
    );
  }
  const text = src ? failedText : emptyText;
  return (
    <div
      className={cn(
        'flex flex-col items-center justify-center gap-2 bg-slate-100 text-slate-600',
        className,
      )}
    >
      <ImageIcon className={compact ? 'size-5' : 'size-8'} />
      <span className={compact ? 'sr-only' : 'text-sm'}>{text}</span>
    </div>
  );
}

const statusTones: Record<ArticleStatus, string> = {
  published: 'bg-green-100 text-green-800 ring-green-600/20',
  draft: 'bg-yellow-100 text-yellow-900 ring-yellow-600/30',
  archived: 'bg-slate-100 text-slate-700 ring-slate-500/20',
};

/** Published green, draft yellow, archived gray (spec section 4). */
export function StatusBadge({ status, messages }: { status: ArticleStatus; messages: Messages }) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-medium ring-1 ring-inset whitespace-nowrap',
        statusTones[status],
      )}
    >
      {messages.articleStatuses[status]}
    </span>
  );
}
