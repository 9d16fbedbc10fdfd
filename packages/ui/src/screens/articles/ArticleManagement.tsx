import { type Article, type ArticleInput, formatNumberId } from '@ranwal/core';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { Button } from '../../components/Button.js';
import { ConfirmDialog } from '../../components/ConfirmDialog.js';
import { DateText } from '../../components/DateText.js';
import { SearchField } from '../../components/FilterBar.js';
import { PencilIcon, RefreshIcon, TrashIcon, ViewIcon } from '../../components/icons.js';
import { NumberedPagination } from '../../components/Pagination.js';
import { EmptyState, ErrorState } from '../../components/States.js';
import { Cell, Column, Row, Table, TableBody, TableHeader } from '../../components/Table.js';
import { toastDurations, useToast } from '../../components/Toast.js';
import { describeError } from '../../data/errors.js';
import { ranwalKeys, useArticles, useDeleteArticle, useUpdateArticle } from '../../data/queries.js';
import { useMessages, useRanwalClient } from '../../data/RanwalProvider.js';
import { SEARCH_DEBOUNCE_MS } from '../../lib/timing.js';
import { useDebouncedSearch } from '../../lib/use-debounced.js';
import { CoverImage, MANAGEMENT_PAGE_SIZE, StatusBadge } from './parts.js';

// The dialogs load when first opened: the list itself does not need them.
const EditArticleDialog = lazy(() =>
  import('./EditArticleDialog.js').then((module) => ({ default: module.EditArticleDialog })),
);
const ViewArticleDialog = lazy(() =>
  import('./ViewArticleDialog.js').then((module) => ({ default: module.ViewArticleDialog })),
);

/** The admin search waits for a 500 ms pause in typing (spec section 9). */
export const MANAGEMENT_SEARCH_DEBOUNCE_MS = SEARCH_DEBOUNCE_MS;

export interface ArticleManagementProps {
  /** This page's articles, every status. */
  articles: readonly Article[];
  /** The first load: 'Memuat data...' in the table. */
  isLoading?: boolean;
  /** A reload is running (Refresh shows 'Loading...'). */
  isRefreshing?: boolean;
  /** What went wrong loading the list. */
  error?: string | null;
  /** 'Coba lagi' after an error. */
  onRetry: () => void;
  onRefresh: () => void;
  defaultSearch?: string;
  /** The trimmed search text, 500 ms after typing pauses. */
  onSearchChange: (search: string) => void;
  page: number;
  totalPages: number;
  /** Articles in all pages (for 'Menampilkan X sampai Y dari Z hasil'). */
  totalItems: number;
  onPageChange: (page: number) => void;
  /** The view action: loads the article's detail; a rejection closes the view. */
  onView: (article: Article) => Promise<Article>;
  /** Saves the edit dialog; the dialog closes when it resolves and stays open when it rejects. */
  onUpdate: (article: Article, body: ArticleInput) => Promise<unknown>;
  /** Deletes after confirmation; the confirmation closes when it settles. */
  onDelete: (article: Article) => Promise<unknown>;
}

type Viewing = { article: Article; detail: Article | null };

/**
 * Article management (/admin-list-artikel): search, refresh, the table of every article with its
 * status, and view / edit / delete per row.
 */
export function ArticleManagement({
  articles,
  isLoading = false,
  isRefreshing = false,
  error,
  onRetry,
  onRefresh,
  defaultSearch = '',
  onSearchChange,
  page,
  totalPages,
  totalItems,
  onPageChange,
  onView,
  onUpdate,
  onDelete,
}: ArticleManagementProps) {
  const messages = useMessages();
  const text = messages.articles.management;
  const [search, setSearch, appliedSearch] = useDebouncedSearch(
    defaultSearch,
    MANAGEMENT_SEARCH_DEBOUNCE_MS,
    onSearchChange,
  );
  const [viewing, setViewing] = useState<Viewing | null>(null);
  const [editing, setEditing] = useState<Article | null>(null);
  const [deleting, setDeleting] = useState<Article | null>(null);
  const [isDeleting, setIsDeleting] = useState(false);

  const view = (article: Article) => {
    setViewing({ article, detail: null });
    onView(article).then(
      (detail) =>
        setViewing((current) =>
          current?.article.id === article.id ? { article, detail } : current,
        ),
      () => setViewing((current) => (current?.article.id === article.id ? null : current)),
    );
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    setIsDeleting(true);
    try {
      await onDelete(deleting);
    } catch {
      // The failure has been reported (a toast); the row stays.
    } finally {
      setIsDeleting(false);
      setDeleting(null);
    }
  };

  const actionButton = (label: string, icon: ReactNode, onPress: () => void, danger = false) => (
    <Button
      variant="ghost"
      size="sm"
      aria-label={label}
      onPress={onPress}
      className={danger ? 'text-red-700 data-[hovered]:bg-red-50 data-[pressed]:bg-red-100' : ''}
    >
      {icon}
      <span className="sr-only 2xl:not-sr-only">{label}</span>
    </Button>
  );

  return (
    <div className="flex flex-col gap-4 text-slate-900">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <h1 className="text-2xl font-bold">{text.title}</h1>
        <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
          <SearchField
            label={text.search}
            placeholder={text.searchPlaceholder}
            value={search}
            onChange={setSearch}
            className="sm:w-72"
          />
          <Button variant="secondary" onPress={onRefresh} isDisabled={isRefreshing}>
            <RefreshIcon className={isRefreshing ? 'size-4 animate-spin' : 'size-4'} />
            {isRefreshing ? text.refreshing : text.refresh}
          </Button>
        </div>
      </div>

      {error ? (
        <ErrorState message={error} onRetry={onRetry} />
      ) : (
        // Tighter cells than the default, so every column fits beside the admin sidebar at 1280 px.
        <Table aria-label={text.title} className="[&_td]:px-3 [&_th]:px-3">
          <TableHeader>
            <Column isRowHeader className="min-w-64">
              {text.columns.article}
            </Column>
            <Column>{text.columns.author}</Column>
            <Column>{text.columns.category}</Column>
            <Column>{text.columns.status}</Column>
            <Column className="text-end">{text.columns.views}</Column>
            <Column>{text.columns.date}</Column>
            <Column>{text.columns.actions}</Column>
          </TableHeader>
          <TableBody
            items={articles}
            isLoading={isLoading}
            renderEmptyState={() => (
              <EmptyState
                text={text.emptyTitle}
                hint={appliedSearch ? text.emptySearch : text.emptyNone}
                className="py-10"
              />
            )}
          >
            {(article) => (
              <Row id={article.id} textValue={article.title}>
                <Cell>
                  <div className="flex items-start gap-3">
                    <CoverImage
                      src={article.cover_image}
                      emptyText={text.noCoverImage}
                      failedText={text.coverFailed}
                      compact
                      className="h-12 w-16 shrink-0 rounded-md"
                    />
                    <div className="flex min-w-0 flex-col gap-1">
                      <span className="font-medium text-slate-900">{article.title}</span>
                      <span className="line-clamp-2 text-xs text-slate-600">{article.excerpt}</span>
                      {article.tags.length > 0 && (
                        <span className="flex flex-wrap gap-1">
                          {article.tags.map((tag) => (
                            <span
                              key={tag}
                              className="rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-700"
                            >
                              {tag}
                            </span>
                          ))}
                        </span>
                      )}
                    </div>
                  </div>
                </Cell>
                <Cell>{article.name}</Cell>
                <Cell>{messages.articleCategories[article.category]}</Cell>
                <Cell>
                  <StatusBadge status={article.status} messages={messages} />
                </Cell>
                <Cell className="text-end tabular-nums">{formatNumberId(article.views_count)}</Cell>
                <Cell className="whitespace-nowrap">
                  <DateText value={article.created_at} format="shortId" />
                </Cell>
                <Cell>
                  <div className="flex items-center gap-1">
                    {actionButton(messages.common.view, <ViewIcon className="size-4" />, () =>
                      view(article),
                    )}
                    {actionButton(messages.common.edit, <PencilIcon className="size-4" />, () =>
                      setEditing(article),
                    )}
                    {actionButton(
                      messages.common.delete,
                      <TrashIcon className="size-4" />,
                      () => setDeleting(article),
                      true,
                    )}
                  </div>
                </Cell>
              </Row>
            )}
          </TableBody>
        </Table>
      )}

      <NumberedPagination
        page={page}
        totalPages={totalPages}
        pageSize={MANAGEMENT_PAGE_SIZE}
        totalItems={totalItems}
        onChange={onPageChange}
      />

      <Suspense fallback={null}>
        {viewing && <ViewArticleDialog article={viewing.detail} onClose={() => setViewing(null)} />}
        {editing && (
          <EditArticleDialog
            key={editing.id}
            article={editing}
            onClose={() => setEditing(null)}
            onSave={(body) => onUpdate(editing, body)}
          />
        )}
      </Suspense>
      <ConfirmDialog
        isOpen={deleting !== null}
        onOpenChange={(open) => {
          if (!open && !isDeleting) setDeleting(null);
        }}
        onConfirm={confirmDelete}
        isPending={isDeleting}
        message={deleting ? text.confirmDelete(deleting.title) : undefined}
      />
    </div>
  );
}

/**
 * Article management over the API: every status, 5 a page. Outcomes show as toasts for 5 s
 * ('Berhasil!' / 'Gagal!' with the spec's text, or the server's message when it sent one), so it
 * needs a `ToastProvider` above it.
 */
export function ConnectedArticleManagement() {
  const messages = useMessages();
  const text = messages.articles.management;
  const toast = useToast();
  const client = useRanwalClient();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const list = useArticles({
    page,
    limit: MANAGEMENT_PAGE_SIZE,
    ...(search ? { search } : {}),
  });
  const update = useUpdateArticle();
  const remove = useDeleteArticle();

  const totalPages = list.data?.filter.total_page ?? 1;
  // Deleting the last row of the last page leaves the page past the end.
  useEffect(() => {
    if (page > totalPages) setPage(totalPages);
  }, [page, totalPages]);

  const succeeded = (message: string) =>
    toast.success(messages.common.successTitle, message, toastDurations.article);
  const failed = (error: unknown, fallback: string, networkFallback: string): never => {
    toast.error(
      messages.common.failureTitle,
      describeError(error, fallback, networkFallback),
      toastDurations.article,
    );
    throw error;
  };

  return (
    <ArticleManagement
      articles={list.data?.data ?? []}
      isLoading={list.isPending}
      isRefreshing={list.isFetching && !list.isPending}
      error={
        list.isError ? describeError(list.error, text.listFailed, text.listNetworkError) : null
      }
      onRetry={() => void list.refetch()}
      onRefresh={() => void list.refetch()}
      onSearchChange={(value) => {
        setSearch(value);
        setPage(1);
      }}
      page={Math.min(page, totalPages)}
      totalPages={totalPages}
      totalItems={list.data?.filter.filtered_result ?? 0}
      onPageChange={setPage}
      // The detail is read fresh (the spec's view call), into the same cache `useArticle` uses.
      onView={(article) =>
        queryClient
          .fetchQuery({
            queryKey: ranwalKeys.article(article.slug),
            queryFn: ({ signal }) => client.article.get(article.slug, { signal }),
            staleTime: 0,
          })
          .then(
            (result) => {
              succeeded(text.detailLoaded);
              return result.data;
            },
            (error) => failed(error, text.detailFailed, text.detailNetworkError),
          )
      }
      onUpdate={(article, body) =>
        update.mutateAsync({ slug: article.slug, body }).then(
          () => succeeded(text.updated),
          (error) => failed(error, text.updateFailed, text.updateNetworkError),
        )
      }
      onDelete={(article) =>
        remove.mutateAsync(article.slug).then(
          () => succeeded(text.deleted),
          (error) => failed(error, text.deleteFailed, text.deleteNetworkError),
        )
      }
    />
  );
}
