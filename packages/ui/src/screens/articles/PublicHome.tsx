import type { Article, ArticleCategory, ArticleListQuery, RanwalClient } from '@ranwal/core';
import type { QueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Button as AriaButton } from 'react-aria-components';
import { Button } from '../../components/Button.js';
import { PageWindowPagination } from '../../components/Pagination.js';
import { Select, SelectItem } from '../../components/Select.js';
import { EmptyState, ErrorState, LoadingState } from '../../components/States.js';
import { TextField } from '../../components/TextField.js';
import { articleListQuery, articleQuery, useArticles } from '../../data/queries.js';
import { useMessages } from '../../data/RanwalProvider.js';
import { cn } from '../../lib/cn.js';
import { PUBLIC_SEARCH_DEBOUNCE_MS } from '../../lib/timing.js';
import { useDebouncedSearch } from '../../lib/use-debounced.js';
import { ConnectedArticleView } from './ArticleView.js';
import { CoverImage, categoryOptions, describePublicError, PUBLIC_PAGE_SIZE } from './parts.js';

/** Renders a link; the portal passes its router's link, the default is a plain `<a>`. */
export type LinkRenderer = (props: {
  href: string;
  className: string;
  children: ReactNode;
}) => ReactNode;

const defaultRenderLink: LinkRenderer = ({ href, className, children }) => (
  <a href={href} className={className}>
    {children}
  </a>
);

/** The public search waits for a 300 ms pause in typing (spec section 9). */
export { PUBLIC_SEARCH_DEBOUNCE_MS };

const ALL_CATEGORIES = 'all';

export interface PublicHomeProps {
  /** This page's published articles; the first is featured. */
  articles: readonly Article[];
  /** The first load: no articles to show yet. */
  isLoading?: boolean;
  /** What went wrong loading the list (shown under 'Failed to load articles'). */
  error?: string | null;
  /** 'Try Again' after an error. */
  onRetry?: () => void;
  page: number;
  totalPages: number;
  onPageChange: (page: number) => void;
  /** The chosen category; null for all. */
  category: ArticleCategory | null;
  onCategoryChange: (category: ArticleCategory | null) => void;
  /** The search box's starting text. */
  defaultSearch?: string;
  /** The trimmed search text, 300 ms after typing pauses. */
  onSearchChange: (search: string) => void;
  onOpenArticle: (article: Article) => void;
  /**
   * Each article's own URL. Given, a card's title and 'Read More' are links there (rendered by
   * `renderLink`), which work before any script runs; without it they are buttons calling
   * `onOpenArticle`.
   */
  articleHref?: (article: Article) => string;
  /** Where 'Sign In' leads; /login by default. */
  signInHref?: string;
  renderLink?: LinkRenderer;
  /**
   * An open article, shown under the same header in place of the list. Its title is then the
   * page's h1 (render it with `headingLevel={1}`), and the site name a plain line.
   */
  openArticle?: ReactNode;
}

/** The public home page: header, category and search filters, featured article, grid, pages. */
export function PublicHome({
  articles,
  isLoading = false,
  error,
  onRetry,
  page,
  totalPages,
  onPageChange,
  category,
  onCategoryChange,
  defaultSearch = '',
  onSearchChange,
  onOpenArticle,
  articleHref,
  signInHref = '/login',
  renderLink = defaultRenderLink,
  openArticle,
}: PublicHomeProps) {
  const messages = useMessages();
  const text = messages.articles.public;
  const [search, setSearch] = useDebouncedSearch(
    defaultSearch,
    PUBLIC_SEARCH_DEBOUNCE_MS,
    onSearchChange,
  );
  // Coming back from an article puts focus back on the article that was opened.
  const [lastOpenedId, setLastOpenedId] = useState<string>();
  const open = (article: Article) => {
    setLastOpenedId(article.id);
    onOpenArticle(article);
  };

  const SiteName = openArticle ? 'p' : 'h1';
  const [featured, ...rest] = articles;
  const cardProps = (article: Article): CardProps => ({
    article,
    onOpen: open,
    autoFocus: article.id === lastOpenedId,
    href: articleHref?.(article),
    renderLink,
  });
  let list: ReactNode;
  if (error) {
    list = (
      <ErrorState
        heading={text.loadFailed}
        message={error}
        onRetry={onRetry}
        retryLabel={text.tryAgain}
      />
    );
  } else if (isLoading) {
    list = <LoadingState label={text.loading} />;
  } else if (!featured) {
    list = (
      <EmptyState
        text={text.empty}
        className="rounded-lg border border-dashed border-slate-300 bg-white py-12"
      />
    );
  } else {
    list = (
      <div className="flex flex-col gap-8">
        <FeaturedArticle {...cardProps(featured)} />
        {rest.length > 0 && (
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {rest.map((article) => (
              <li key={article.id} className="flex">
                <ArticleCard {...cardProps(article)} />
              </li>
            ))}
          </ul>
        )}
        <PageWindowPagination page={page} totalPages={totalPages} onChange={onPageChange} />
      </div>
    );
  }

  return (
    <div className="min-h-full bg-slate-50 text-slate-900">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-4 sm:px-6">
          <div className="min-w-0">
            <SiteName className="text-xl font-bold text-brand-800">{messages.app.name}</SiteName>
            <p className="truncate text-sm text-slate-600">{messages.app.subtitle}</p>
          </div>
          {renderLink({
            href: signInHref,
            className: cn(
              'inline-flex shrink-0 items-center rounded-md bg-brand-700 px-4 py-2 text-sm font-medium text-white hover:bg-brand-800',
              'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
            ),
            children: text.signIn,
          })}
        </div>
      </header>
      <main className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-8 sm:px-6">
        {openArticle ?? (
          <>
            <search className="flex flex-col gap-3 sm:flex-row sm:items-end">
              <Select
                label={text.categoryLabel}
                value={category ?? ALL_CATEGORIES}
                onChange={(key) =>
                  onCategoryChange(key === ALL_CATEGORIES ? null : (key as ArticleCategory))
                }
                className="sm:w-72"
              >
                <SelectItem id={ALL_CATEGORIES}>{text.allCategories}</SelectItem>
                {categoryOptions(messages).map((option) => (
                  <SelectItem key={option.id} id={option.id}>
                    {option.name}
                  </SelectItem>
                ))}
              </Select>
              <TextField
                type="search"
                aria-label={text.searchPlaceholder}
                placeholder={text.searchPlaceholder}
                value={search}
                onChange={setSearch}
                className="sm:flex-1"
              />
            </search>
            {list}
          </>
        )}
      </main>
    </div>
  );
}

interface CardProps {
  article: Article;
  onOpen: (article: Article) => void;
  autoFocus: boolean;
  /** The article's own URL: the title and 'Read More' are then links. */
  href?: string;
  renderLink: LinkRenderer;
}

const stretchedHitArea = 'text-start outline-none after:absolute after:inset-0 after:content-[""]';

/**
 * The article's title as the button that opens it; its hit area stretches over the whole card,
 * so the card is clickable without nesting one control in another.
 */
function OpenButton({ article, onOpen, autoFocus, href, renderLink }: CardProps) {
  if (href) {
    return renderLink({
      href,
      className: cn(stretchedHitArea, 'hover:text-brand-700'),
      children: article.title,
    });
  }
  return (
    <AriaButton
      onPress={() => onOpen(article)}
      autoFocus={autoFocus}
      className={cn(stretchedHitArea, 'data-[hovered]:text-brand-700')}
    >
      {article.title}
    </AriaButton>
  );
}

const cardStyles = cn(
  'relative overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm transition-shadow hover:shadow-md',
  // The stretched button's focus ring is drawn around the whole card.
  'has-[[data-focus-visible]]:outline-2 has-[[data-focus-visible]]:outline-offset-2 has-[[data-focus-visible]]:outline-brand-600',
  'has-[a:focus-visible]:outline-2 has-[a:focus-visible]:outline-offset-2 has-[a:focus-visible]:outline-brand-600',
);

function CategoryLabel({ article }: { article: Article }) {
  const messages = useMessages();
  return (
    <p className="text-xs font-semibold uppercase tracking-wide text-brand-700">
      {messages.articleCategories[article.category]}
    </p>
  );
}

function FeaturedArticle(props: CardProps) {
  const { article, onOpen, href, renderLink } = props;
  const text = useMessages().articles.public;
  return (
    <article className={cn(cardStyles, 'grid md:grid-cols-2')}>
      <CoverImage
        src={article.cover_image}
        emptyText={text.noCoverImage}
        failedText={text.imageFailed}
        className="h-56 w-full md:h-full md:min-h-72"
      />
      <div className="flex flex-col items-start gap-3 p-6 sm:p-8">
        <CategoryLabel article={article} />
        <h2 className="text-2xl font-bold text-balance text-slate-900">
          <OpenButton {...props} />
        </h2>
        <p className="line-clamp-4 text-slate-700">{article.excerpt}</p>
        {/* Above the stretched title button, so it is pressed itself (same action). */}
        {href ? (
          renderLink({
            href,
            className: cn(
              'relative z-10 mt-auto inline-flex items-center justify-center rounded-md bg-brand-700 px-4 py-2 text-sm font-medium text-white hover:bg-brand-800',
              'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
            ),
            children: text.readMore,
          })
        ) : (
          <Button onPress={() => onOpen(article)} className="relative z-10 mt-auto">
            {text.readMore}
          </Button>
        )}
      </div>
    </article>
  );
}

function ArticleCard(props: CardProps) {
  const { article } = props;
  const text = useMessages().articles.public;
  return (
    <article className={cn(cardStyles, 'flex w-full flex-col')}>
      <CoverImage
        src={article.cover_image}
        emptyText={text.noCoverImage}
        failedText={text.imageFailed}
        className="aspect-video w-full"
      />
      <div className="flex flex-1 flex-col gap-2 p-5">
        <CategoryLabel article={article} />
        <h2 className="text-lg font-semibold text-balance text-slate-900">
          <OpenButton {...props} />
        </h2>
        <p className="line-clamp-3 text-sm text-slate-700">{article.excerpt}</p>
      </div>
    </article>
  );
}

export interface ConnectedPublicHomeProps {
  signInHref?: string;
  renderLink?: LinkRenderer;
  /**
   * Called instead of opening the article in place, e.g. to route to the article's own URL
   * (render `ConnectedPublicHome` with `articleSlug` there).
   */
  onOpenArticle?: (article: Article) => void;
  /** Each article's own URL; its card then links there (see `PublicHomeProps.articleHref`). */
  articleHref?: (article: Article) => string;
  /** Shows this article under the header instead of the list (an article's own URL). */
  articleSlug?: string;
  /** 'Back to Articles' when `articleSlug` is given. */
  onCloseArticle?: () => void;
}

/** The public home page over the API: published articles only, 7 a page, no sign-in needed. */
export function ConnectedPublicHome({
  signInHref,
  renderLink,
  onOpenArticle,
  articleHref,
  articleSlug,
  onCloseArticle,
}: ConnectedPublicHomeProps) {
  const messages = useMessages();
  const [page, setPage] = useState(1);
  const [category, setCategory] = useState<ArticleCategory | null>(null);
  const [search, setSearch] = useState('');
  const [ownOpenSlug, setOpenSlug] = useState<string>();
  const openSlug = articleSlug ?? ownOpenSlug;
  // Published only, even when the visitor happens to hold an admin's token.
  const list = useArticles(
    publicListQuery({ page, search, category }),
    // An article's own URL does not need the list.
    { enabled: articleSlug === undefined },
  );

  return (
    <PublicHome
      articles={list.data?.data ?? []}
      isLoading={list.isPending}
      error={
        list.isError
          ? describePublicError(list.error, messages.articles.public.fetchArticlesFailed, messages)
          : null
      }
      onRetry={() => list.refetch()}
      page={page}
      totalPages={list.data?.filter.total_page ?? 1}
      onPageChange={setPage}
      category={category}
      onCategoryChange={(next) => {
        setCategory(next);
        setPage(1);
      }}
      onSearchChange={(next) => {
        setSearch(next);
        setPage(1);
      }}
      onOpenArticle={(article) => {
        if (onOpenArticle) onOpenArticle(article);
        else setOpenSlug(article.slug);
      }}
      articleHref={articleHref}
      signInHref={signInHref}
      renderLink={renderLink}
      openArticle={
        openSlug && (
          <ConnectedArticleView
            slug={openSlug}
            headingLevel={1}
            onBack={articleSlug === undefined ? () => setOpenSlug(undefined) : onCloseArticle}
          />
        )
      }
    />
  );
}

/** The list query of the public home for a page, search text and category. */
const publicListQuery = ({
  page,
  search,
  category,
}: {
  page: number;
  search: string;
  category: ArticleCategory | null;
}): ArticleListQuery => ({
  page,
  limit: PUBLIC_PAGE_SIZE,
  status: 'published',
  ...(search ? { search } : {}),
  ...(category ? { category } : {}),
});

/**
 * Fills `queryClient` with what `ConnectedPublicHome` shows first: the first page of published
 * articles, or the article `articleSlug` (a public read, which counts a view). The server renders
 * the public pages from this cache; the browser takes the same cache over, so nothing is fetched
 * twice. Rejects when a call fails (an unknown slug: the article is not found).
 */
export async function prefetchPublicHome(
  queryClient: QueryClient,
  client: RanwalClient,
  { articleSlug }: { articleSlug?: string } = {},
): Promise<void> {
  if (articleSlug === undefined) {
    await queryClient.fetchQuery(
      articleListQuery(client, publicListQuery({ page: 1, search: '', category: null })),
    );
  } else {
    await queryClient.fetchQuery(articleQuery(client, articleSlug));
  }
}
