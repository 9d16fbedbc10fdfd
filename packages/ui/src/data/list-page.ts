import type { UseQueryResult } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { NumberedPaginationProps } from '../components/Pagination.js';
import { describeError } from './errors.js';

/** A list query's states as an admin page shows them: loading, the error with 'Coba lagi'. */
export function listStates(query: UseQueryResult<unknown>, fallback: string) {
  return {
    isLoading: query.isPending,
    error: query.isError ? describeError(query.error, fallback) : null,
    onRetry: () => void query.refetch(),
  };
}

/** What a paged answer says of its pages (the envelope's `filter`). */
export interface PageCounts {
  total_page: number;
  filtered_result: number;
}

/**
 * An admin list's pagination over the answer's page counts; a page beyond the last (another
 * year or filter has fewer) moves back to the last.
 */
export function usePagination(
  page: number,
  setPage: (page: number) => void,
  counts: PageCounts | undefined,
  pageSize: number,
): NumberedPaginationProps | undefined {
  const lastPage = Math.max(1, counts?.total_page ?? 1);
  const known = counts !== undefined;
  useEffect(() => {
    if (known && page > lastPage) setPage(lastPage);
  }, [known, page, lastPage, setPage]);
  return (
    counts && {
      page: Math.min(page, lastPage),
      totalPages: counts.total_page,
      totalItems: counts.filtered_result,
      pageSize,
      onChange: setPage,
    }
  );
}
