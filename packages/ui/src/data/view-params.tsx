import { createContext, type ReactNode, useContext, useMemo } from 'react';

/** How a change of the view is kept: `replace` rewrites the current history entry. */
export interface ViewParamsChange {
  replace?: boolean;
}

/**
 * Where the screens below keep their view (an admin list's filters, search and page): a query
 * of the page's address and the change of it. `update` is given the newest query, changes not
 * yet shown included, and returns the next one.
 */
export interface ViewParams {
  params: URLSearchParams;
  setParams: (
    update: (current: URLSearchParams) => URLSearchParams,
    options?: ViewParamsChange,
  ) => void;
}

const ViewParamsContext = createContext<ViewParams | null>(null);

export interface ViewParamsProviderProps extends ViewParams {
  children: ReactNode;
}

/**
 * Keeps the view of every admin list below in a query the caller owns: the portal gives the
 * URL's (react-router's `useSearchParams`), so a reload, Back and a shared link keep the
 * filters, search and page. `@ranwal/ui` knows no router; without this provider each list keeps
 * its view in its own state.
 */
export function ViewParamsProvider({ params, setParams, children }: ViewParamsProviderProps) {
  const value = useMemo(() => ({ params, setParams }), [params, setParams]);
  return <ViewParamsContext.Provider value={value}>{children}</ViewParamsContext.Provider>;
}

/** The nearest `ViewParamsProvider`'s query, or null: the list keeps its view itself. */
export function useViewParams(): ViewParams | null {
  return useContext(ViewParamsContext);
}
