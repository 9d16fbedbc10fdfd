import { createRanwalQueryClient, installIndonesianAriaStrings } from '@ranwal/ui';
import { type DehydratedState, hydrate } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './App.js';
import { registerServiceWorker } from './offline/register.js';
import { SERVER_DATA_FRESH_MS, SERVER_STATE_ID } from './server-state.js';

let shown: () => void = () => {};
/** Settles once the first page is on screen and its controls work (hydrated when server-rendered). */
export const pageShown = new Promise<void>((resolve) => {
  shown = resolve;
});

// The portal is Indonesian throughout: react-aria's own screen-reader strings too.
installIndonesianAriaStrings();

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');
const queryClient = createRanwalQueryClient();
const serverState = document.getElementById(SERVER_STATE_ID);
const app = (
  <StrictMode>
    <App queryClient={queryClient} onPageShown={shown} />
  </StrictMode>
);

if (serverState?.textContent && container.firstChild) {
  // The server rendered this page (entry-server.tsx): take over its markup and the data it was
  // rendered with. That data stays fresh for a while, so mounting fetches nothing again (an
  // article's read counts a view).
  const state = JSON.parse(serverState.textContent) as DehydratedState;
  hydrate(queryClient, state);
  for (const query of state.queries) {
    queryClient.setQueryDefaults(query.queryKey, { staleTime: SERVER_DATA_FRESH_MS });
  }
  hydrateRoot(container, app);
} else {
  createRoot(container).render(app);
}

// Installable, and starts without a connection (docs/server.md, "Installable on a phone").
registerServiceWorker();
