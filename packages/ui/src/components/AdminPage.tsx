import { type ReactNode, useId, useState } from 'react';
import type { Key } from 'react-aria-components';
import { describeError } from '../data/errors.js';
import { useMessages } from '../data/messages-context.js';
import { cn } from '../lib/cn.js';
import { Banner } from './Banner.js';
import { DataTable, type DataTableProps } from './DataTable.js';
import { type Failure, useFailure } from './FormDialog.js';
import { NumberedPagination, type NumberedPaginationProps } from './Pagination.js';
import { ErrorState } from './States.js';

/** The white card every admin page sits in. */
export const adminPageFrame =
  'flex flex-col gap-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6';

/** An action's failure above the list, shown again (new `key`) for the same words. */
export function FailureBanner({ failure }: { failure: Failure | null | undefined }) {
  const m = useMessages();
  if (!failure) return null;
  return (
    <Banner key={failure.key} tone="error" title={m.common.failureTitle}>
      {failure.message}
    </Banner>
  );
}

/**
 * A page's buttons that call the server: which one runs, and the last one's failure in the
 * server's words (`AdminPage`'s `failure`).
 */
export function useAction<K extends string = string>() {
  const [running, setRunning] = useState<K | null>(null);
  const { failure, show, clear } = useFailure();
  const run = async (key: K, call: () => Promise<unknown>, fallback: string) => {
    setRunning(key);
    clear();
    try {
      await call();
    } catch (caught) {
      show(describeError(caught, fallback));
    } finally {
      setRunning(null);
    }
  };
  return { running, failure, run };
}

export interface AdminSectionProps {
  title: ReactNode;
  /** Paragraphs under the title. */
  intro?: string | readonly string[];
  /** Under the intro: what must be said more strongly. */
  note?: ReactNode;
  /** 1 for a page, 2 for a section of a page (settings beside each other). */
  level?: 1 | 2;
  /** Beside the title: the page's own button ('Tambah', 'Unduh'). */
  action?: ReactNode;
  /** The content; a function receives the title's id, to name a table by it. */
  children: ReactNode | ((titleId: string) => ReactNode);
}

/** A titled white card: a page (h1) or a settings section (h2), with its intro. */
export function AdminSection({
  title,
  intro = [],
  note,
  level = 1,
  action,
  children,
}: AdminSectionProps) {
  const titleId = useId();
  const Heading = level === 1 ? 'h1' : 'h2';
  const heading = (
    <div className="flex flex-col gap-1">
      <Heading
        id={titleId}
        className={
          level === 1 ? 'text-2xl font-bold text-slate-900' : 'text-lg font-semibold text-slate-900'
        }
      >
        {title}
      </Heading>
      {(typeof intro === 'string' ? [intro] : intro).map((text) => (
        <p key={text} className="max-w-3xl text-sm text-slate-700">
          {text}
        </p>
      ))}
      {note}
    </div>
  );
  return (
    <section aria-labelledby={titleId} className={adminPageFrame}>
      {action ? (
        <div className="flex flex-wrap items-start justify-between gap-3">
          {heading}
          {action}
        </div>
      ) : (
        heading
      )}
      {typeof children === 'function' ? children(titleId) : children}
    </section>
  );
}

export interface AdminPageProps {
  title: ReactNode;
  /** 1 for a page, 2 for a section of a page (a settings table). */
  level?: 1 | 2;
  /** Paragraphs under the title. */
  intro?: string | readonly string[];
  /** Beside the title: the page's own button ('Tambah', 'Unduh'). */
  action?: ReactNode;
  /** Between the header and the list: the filter bar, notes. */
  controls?: ReactNode;
  /** The list's heading; without it the page title names the table. */
  listTitle?: ReactNode;
  /** Beside the list heading: buttons acting on the list ('center'), or hints ('baseline'). */
  listAside?: ReactNode;
  listAsideAlign?: 'center' | 'baseline';
  /** An action's failure, above the list. */
  failure?: Failure | null;
  /** The list's load error; it replaces the table and the pagination, with 'Coba lagi'. */
  error?: string | null;
  onRetry?: () => void;
  pagination?: NumberedPaginationProps | null | undefined;
  /** The table (with its loading and empty states), named by the id it is given. */
  children: (labelledBy: string) => ReactNode;
  /** After the list, inside the page: dialogs, questions. */
  footer?: ReactNode;
}

/**
 * An admin list page: title and intro, the filter bar, the list's heading, an action's failure,
 * the table or its load error, and the pages.
 */
export function AdminPage({
  title,
  level,
  intro,
  action,
  controls,
  listTitle,
  listAside,
  listAsideAlign = 'center',
  failure,
  error,
  onRetry,
  pagination,
  children,
  footer,
}: AdminPageProps) {
  const listTitleId = useId();
  const listHeading = listTitle !== undefined && (
    <h2 id={listTitleId} className="text-lg font-semibold text-slate-900">
      {listTitle}
    </h2>
  );
  return (
    <AdminSection title={title} level={level} intro={intro} action={action}>
      {(titleId) => (
        <>
          {controls}
          {listAside ? (
            <div
              className={cn(
                'flex flex-wrap justify-between',
                listAsideAlign === 'center' ? 'items-center gap-3' : 'items-baseline gap-2',
              )}
            >
              {listHeading}
              {listAside}
            </div>
          ) : (
            listHeading
          )}
          <FailureBanner failure={failure} />
          {error ? (
            <ErrorState message={error} onRetry={onRetry} />
          ) : (
            children(listTitle !== undefined ? listTitleId : titleId)
          )}
          {pagination && !error && <NumberedPagination {...pagination} />}
          {footer}
        </>
      )}
    </AdminSection>
  );
}

/** What a list page's container gives it: the list's states, its filter bar and its pages. */
export interface AdminListProps {
  /** The first load: 'Memuat data...' stands in for the rows. */
  isLoading?: boolean;
  /** Why the list could not be loaded; shown instead of the table. */
  error?: string | null;
  onRetry?: () => void;
  /** The filter bar above the table (the year, filters, a search). */
  controls?: ReactNode;
  /** Below the table, when the list fills more than one page. */
  pagination?: NumberedPaginationProps | null | undefined;
}

export interface AdminTablePageProps<T extends { id: Key }>
  extends Omit<AdminPageProps, keyof AdminListProps | 'children'>,
    AdminListProps,
    Pick<DataTableProps<T>, 'columns' | 'rows' | 'empty'> {
  /** The table's classes: its cells' side padding. */
  tableClassName?: string;
}

/** An `AdminPage` whose list is a `DataTable`, named by the list's heading (or the title). */
export function AdminTablePage<T extends { id: Key }>({
  columns,
  rows,
  empty,
  isLoading,
  tableClassName = '[&_td]:px-3 [&_th]:px-3',
  ...page
}: AdminTablePageProps<T>) {
  return (
    <AdminPage {...page}>
      {(labelledBy) => (
        <DataTable
          aria-labelledby={labelledBy}
          className={tableClassName}
          rows={rows}
          isLoading={isLoading}
          empty={empty}
          columns={columns}
        />
      )}
    </AdminPage>
  );
}
