/**
 * Registers the service worker (`sw.js`, written by the build) once the page has loaded, so it
 * never competes with the first page for the connection. Not in development: Vite's dev server
 * has no `sw.js`, and a stored shell would hide edits.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => {
    // Refused (a browser's settings, an automated browser that blocks workers): only the offline
    // start is lost, and the app works as before, so there is nothing to tell the person.
    // (Playwright's blocking throws at once, hence the promise around the call.)
    Promise.resolve()
      .then(() => navigator.serviceWorker.register(`${import.meta.env.BASE_URL}sw.js`))
      .catch(() => undefined);
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
