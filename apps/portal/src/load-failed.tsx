import { messagesId } from '@ranwal/core';
import { Button } from '@ranwal/ui';
import { useRouteError } from 'react-router';

/**
 * Whether an error is a page's code failing to load: the script of a lazy page (or its
 * stylesheet) is gone, as after a deploy while a tab stayed open. Browsers word it each their
 * own way; Vite's preloader says 'Unable to preload CSS'.
 */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? `${error.name} ${error.message}` : String(error);
  return /dynamically imported module|Importing a module script failed|Unable to preload CSS|ChunkLoadError|Failed to load module script/i.test(
    message,
  );
}

/**
 * The router's error screen, in the app's words: a page whose code fails to load offers a
 * reload (the new version's page), any other failure says so and offers the same. Never the
 * router's developer screen.
 */
export function LoadFailedPage() {
  const error = useRouteError();
  const m = messagesId.app.loadFailed;
  if (!isChunkLoadError(error)) console.error(error);
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-50 p-6">
      <div
        role="alert"
        className="flex max-w-md flex-col items-start gap-4 rounded-md border border-slate-200 bg-white p-6 shadow-sm"
      >
        <h1 className="text-lg font-semibold text-slate-900">{messagesId.app.name}</h1>
        <p className="text-sm text-slate-800">
          {isChunkLoadError(error) ? m.newVersion : m.failed}
        </p>
        <Button onPress={() => window.location.reload()}>{m.reload}</Button>
      </div>
    </main>
  );
}
