import { messagesId } from '@ranwal/core';
import { hasUnsavedInput, LoadingState, RanwalProvider, ToastProvider, useToast } from '@ranwal/ui';
import type { QueryClient } from '@tanstack/react-query';
import {
  createContext,
  lazy,
  type ReactNode,
  Suspense,
  useContext,
  useEffect,
  useLayoutEffect,
  useState,
} from 'react';
import {
  createBrowserRouter,
  Navigate,
  NavigationType,
  Route,
  type RouteObject,
  RouterProvider,
  Routes,
  useBlocker,
  useNavigate,
} from 'react-router';
import { LoadFailedPage } from './load-failed.js';
import { type PortalRoute, portalRoutes, routeAllows } from './routes.js';
import { dashboardFor, SessionProvider, useSessionContext } from './session.js';
import { ViewInUrl } from './view-url.js';

const Shell = lazy(() => import('./Shell.js'));

export interface AppProps {
  /** The query cache, e.g. holding what the server rendered the page with. */
  queryClient?: QueryClient;
  /** Called once the first page is on screen and working (after hydration too). */
  onPageShown?: () => void;
}

/**
 * The portal's one route, for the browser's data router (`App`) and the server's static one
 * (`entry-server.tsx`) alike: the two must build the same tree, or the ids react-aria derives
 * from its position (`useId`) differ and the server-rendered markup is taken over wrongly.
 */
export function portalRouteObjects(props: AppProps): RouteObject[] {
  return [
    {
      path: '*',
      element: (
        <>
          <BackGuard />
          <AppRoutes {...props} />
        </>
      ),
      // A page whose code fails to load (a tab open across a deploy) offers a reload.
      errorElement: <LoadFailedPage />,
    },
  ];
}

/**
 * The portal in the browser. A data router, though the pages are plain routes: only it lets the
 * browser's Back and Forward buttons be held while a form has unsaved input (`BackGuard`).
 */
export function App(props: AppProps) {
  const [router] = useState(() => createBrowserRouter(portalRouteObjects(props)));
  return <RouterProvider router={router} />;
}

/**
 * Back or Forward with unsaved input asks first, as a sidebar link does (`confirmLeaving`) and
 * closing the tab does. The app's own redirects (after saving, or to /login when a session
 * ends, the draft kept) are not held.
 */
function BackGuard() {
  const blocker = useBlocker(
    ({ historyAction }) => historyAction === NavigationType.Pop && hasUnsavedInput(),
  );
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    if (window.confirm(messagesId.common.leaveUnsaved)) blocker.proceed();
    else blocker.reset();
  }, [blocker]);
  return null;
}

/**
 * Everything inside the router: the server renders the public pages with this same tree under
 * a static router (`entry-server.tsx`), so the browser can hydrate its markup.
 */
export function AppRoutes({ queryClient, onPageShown }: AppProps) {
  return (
    <PageShownContext.Provider value={onPageShown}>
      <SessionProvider>
        <ConnectedProviders queryClient={queryClient}>
          <PortalRoutes />
        </ConnectedProviders>
      </SessionProvider>
    </PageShownContext.Provider>
  );
}

const PageShownContext = createContext<(() => void) | undefined>(undefined);

/** Renders nothing; tells `onPageShown` when the page beside it has been committed. */
function PageShown() {
  const onPageShown = useContext(PageShownContext);
  useLayoutEffect(() => onPageShown?.(), [onPageShown]);
  return null;
}

function ConnectedProviders({
  children,
  queryClient,
}: {
  children: ReactNode;
  queryClient?: QueryClient;
}) {
  const { client, session } = useSessionContext();
  return (
    <RanwalProvider client={client} session={session} queryClient={queryClient}>
      <ToastProvider>{children}</ToastProvider>
    </RanwalProvider>
  );
}

function PortalRoutes() {
  const { session, onSignedOut } = useSessionContext();
  const navigate = useNavigate();
  const toast = useToast();

  useEffect(() => {
    onSignedOut.current = (reason) => {
      navigate('/login', { replace: true });
      if (reason === 'logout') toast.success(undefined, messagesId.logout.success);
      if (reason === 'ended') toast.error(undefined, messagesId.logout.sessionEnded);
    };
    return () => {
      onSignedOut.current = null;
    };
  }, [navigate, onSignedOut, toast]);

  return (
    <Routes>
      {portalRoutes.map((route) => (
        <Route key={route.path} path={route.path} element={<Guarded route={route} />} />
      ))}
      <Route path="/dashboard" element={<Navigate to={dashboardFor(session)} replace />} />
      <Route path="*" element={<Navigate to="/login" replace />} />
    </Routes>
  );
}

/** The browser-side guard of spec section 6 (the server enforces the same rules itself). */
function Guarded({ route }: { route: PortalRoute }) {
  const { session, signOut } = useSessionContext();
  const missing = route.requiresAuth && !session;
  useEffect(() => {
    if (route.title) document.title = messagesId.app.tabTitle(route.title);
  }, [route.title]);
  useEffect(() => {
    // Pages needing login clear whatever partial credentials are stored.
    if (missing) signOut('expired');
  }, [missing, signOut]);

  if (route.path === '/login' && session) return <Navigate to={dashboardFor(session)} replace />;
  if (missing) return <Navigate to="/login" replace />;
  if (session && !routeAllows(route, session.userRole)) {
    return <Navigate to={dashboardFor(session)} replace />;
  }
  const Page = route.page;
  const shown = (
    <Suspense fallback={<LoadingState />}>
      <Page />
      <PageShown />
    </Suspense>
  );
  // Every signed-in page shows one budget year and its list's view, kept in the URL.
  const page = route.requiresAuth && session ? <ViewInUrl>{shown}</ViewInUrl> : shown;
  // The sidebar shows only on authenticated pages for non-user roles (spec "Layout").
  const withSidebar = route.requiresAuth && route.path !== '/login' && session?.userRole !== 'user';
  return withSidebar ? (
    <Suspense fallback={<LoadingState />}>
      <Shell>{page}</Shell>
    </Suspense>
  ) : (
    page
  );
}
