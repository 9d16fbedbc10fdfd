import type { Article } from '@ranwal/core';
import { Button } from '../../components/Button.js';
import { DateText } from '../../components/DateText.js';
import { ArrowLeftIcon } from '../../components/icons.js';
import { ErrorState, LoadingState } from '../../components/States.js';
import { useArticle } from '../../data/queries.js';
import { useMessages } from '../../data/RanwalProvider.js';
import { cn } from '../../lib/cn.js';
import { ArticleHtml, CoverImage, describePublicError } from './parts.js';

export interface ArticleViewProps {
  article: Article;
  /** Shows 'Back to Articles' above the article. */
  onBack?: () => void;
  /** 1 when the article is the page (its own URL); 2 inside the home page, below its h1. */
  headingLevel?: 1 | 2;
  className?: string;
}

function BackButton({ onBack }: { onBack: () => void }) {
  const text = useMessages().articles.public;
  return (
    // Opening an article moves focus here, so keyboard and screen-reader users start at the top.
    <Button variant="ghost" onPress={onBack} autoFocus className="-ms-2 self-start">
      <ArrowLeftIcon className="size-4" />
      {text.backToArticles}
    </Button>
  );
}

/**
 * One article as the public reads it: cover (or a placeholder), tags, category, title, author
 * with their initial, en-US date, views, and the sanitized HTML content.
 */
export function ArticleView({ article, onBack, headingLevel = 2, className }: ArticleViewProps) {
  const messages = useMessages();
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  const text = messages.articles.public;
  const initial = article.name.trim().charAt(0).toUpperCase() || '?';
  return (
    <div className={cn('mx-auto flex w-full max-w-3xl flex-col gap-4', className)}>
      {onBack && <BackButton onBack={onBack} />}
      <article className="overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm">
        <CoverImage
          src={article.cover_image}
          emptyText={text.noCoverImage}
          failedText={text.imageFailed}
          className="aspect-[2/1] w-full"
        />
        <div className="flex flex-col gap-4 p-6 sm:p-8">
          {article.tags.length > 0 && (
            <ul aria-label={messages.articles.fields.tags} className="flex flex-wrap gap-2">
              {article.tags.map((tag) => (
                <li
                  key={tag}
                  className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-medium text-slate-700"
                >
                  {tag}
                </li>
              ))}
            </ul>
          )}
          <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">
            {messages.articleCategories[article.category]}
          </p>
          <Heading className="text-2xl font-bold text-balance text-slate-900 sm:text-3xl">
            {article.title}
          </Heading>
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600">
            <span className="flex items-center gap-2">
              <span
                aria-hidden="true"
                className="flex size-9 items-center justify-center rounded-full bg-brand-700 font-semibold text-white"
              >
                {initial}
              </span>
              <span className="font-medium text-slate-800">{article.name}</span>
            </span>
            <span aria-hidden="true">·</span>
            <DateText value={article.created_at} format="shortEnUs" />
            <span aria-hidden="true">·</span>
            <span>{text.views(article.views_count)}</span>
          </div>
          <ArticleHtml html={article.content} className="border-t border-slate-200 pt-6" />
        </div>
      </article>
    </div>
  );
}

export interface ConnectedArticleViewProps {
  /** The article's slug (the portal gives each article its own URL). */
  slug: string;
  onBack?: () => void;
  headingLevel?: ArticleViewProps['headingLevel'];
  className?: string;
}

/** ArticleView loading its article by slug (a public read: it counts a view). */
export function ConnectedArticleView({
  slug,
  onBack,
  headingLevel,
  className,
}: ConnectedArticleViewProps) {
  const messages = useMessages();
  const text = messages.articles.public;
  const article = useArticle(slug);
  if (article.isSuccess) {
    return (
      <ArticleView
        article={article.data.data}
        onBack={onBack}
        headingLevel={headingLevel}
        className={className}
      />
    );
  }
  return (
    <div className={cn('mx-auto flex w-full max-w-3xl flex-col gap-4', className)}>
      {onBack && <BackButton onBack={onBack} />}
      {article.isError ? (
        <ErrorState
          message={describePublicError(article.error, text.fetchArticleFailed, messages)}
          onRetry={() => article.refetch()}
          retryLabel={text.tryAgain}
        />
      ) : (
        <LoadingState label={text.loading} />
      )}
    </div>
  );
}
