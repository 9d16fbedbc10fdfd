/**
 * The portal's entry: the stylesheet and this small loader, nothing else. The app itself
 * (`main.tsx`: React, the router, the screens) is a separate chunk.
 *
 * A page the server rendered (`/`, `/artikel/:slug`; see docs/server.md) is readable and its links
 * work without the app, so the app loads on the first interaction with the page: a pointer or
 * touch, a key, or focus moving into it. A click that happens before the app works is held back
 * and given again to the same control once the app has taken the page over, and so is text typed
 * into a field by then, so neither is lost.
 * Every other page loads the app at once.
 */
import '@ranwal/ui/styles.css';
import { SERVER_STATE_ID } from './server-state.js';

const loadApp = () => import('./main.js');

if (document.getElementById(SERVER_STATE_ID)) loadOnInteraction();
else void loadApp();

function loadOnInteraction() {
  const triggers = ['pointerdown', 'touchstart', 'keydown', 'focusin'] as const;
  let loading = false;
  let working = false;
  /** A press (pointer, touch or key) began while the app was not working yet. */
  let pressBeforeApp = false;
  /** The last press before the app worked came from the keyboard (not a pointer or touch). */
  let keyboardLast = false;
  /** The control clicked before the app worked. */
  let pending: HTMLElement | null = null;
  /** Text typed into fields before the app worked, by field. */
  const typed = new Map<HTMLInputElement | HTMLTextAreaElement, string>();

  const replay = (control: HTMLElement) => {
    // A click from script (`detail` 0) is what react-aria takes for a virtual press.
    if (control.isConnected) control.click();
  };

  const start = () => {
    if (loading) return;
    loading = true;
    loadApp()
      .then((app) => app.pageShown)
      .then(
        () => {
          working = true;
          for (const [field, value] of typed) retype(field, value);
          typed.clear();
          const control = pending;
          pending = null;
          if (control) replay(control);
          else if (keyboardLast) showFocus();
        },
        (error: unknown) => console.error('The app could not be loaded', error),
      );
  };

  const onTrigger = (event: Event) => {
    if (event.type !== 'focusin') {
      pressBeforeApp = !working;
      if (!working) keyboardLast = event.type === 'keydown';
    }
    start();
  };

  const onClick = (event: MouseEvent) => {
    // Clicks of presses that began once the app worked are the app's own.
    if (working && !pressBeforeApp) return;
    pressBeforeApp = false;
    const target = event.target;
    // Links navigate by themselves, to a page the server renders.
    if (!(target instanceof Element) || target.closest('a[href]')) return;
    const control = target instanceof HTMLElement ? target : target.parentElement;
    if (!control) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    if (working) setTimeout(() => replay(control));
    else {
      pending = control;
      start();
    }
  };

  const onInput = (event: Event) => {
    const field = event.target;
    if (working) return;
    if (field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) {
      typed.set(field, field.value);
    }
  };

  for (const type of triggers) {
    document.addEventListener(type, onTrigger, { capture: true, passive: true });
  }
  document.addEventListener('click', onClick, { capture: true });
  document.addEventListener('input', onInput, { capture: true, passive: true });
}

/**
 * Shows the focus ring on the control the keyboard reached before the app worked: the app took
 * the markup over without a focus event, so react-aria, which draws the ring, does not know the
 * control has focus until it moves. Focusing it again tells it.
 */
function showFocus() {
  const focused = document.activeElement;
  if (!(focused instanceof HTMLElement) || focused === document.body) return;
  focused.blur();
  focused.focus({ preventScroll: true });
}

/**
 * Gives the app text typed before it worked, as if typed now: the field goes back to the value
 * the app rendered (through React's own value setter), then gets the text through the browser's
 * setter and an input event, which React takes for a change.
 */
function retype(field: HTMLInputElement | HTMLTextAreaElement, value: string) {
  if (!field.isConnected || value === field.defaultValue) return;
  field.value = field.defaultValue;
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set?.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}
