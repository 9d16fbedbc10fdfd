import type { Article } from '@ranwal/core';
import type { Decorator } from '@storybook/react-vite';
import { ToastProvider } from '../../components/Toast.js';
import { SandboxRanwalProvider } from '../../testing/SandboxRanwalProvider.js';
import { demoSeed, type SandboxClientOptions } from '../../testing/sandbox-client.js';

/*
 * Story support only (not exported by the package): the demo seed's articles in the server's
 * order, and the decorator that runs connected screens on the sandbox client.
 */

const newestFirst = (a: Article, b: Article) =>
  b.created_at.localeCompare(a.created_at) || a.id.localeCompare(b.id);

/** Every demo article, newest first (the lists' order). */
export const demoArticles = [...demoSeed.articles].sort(newestFirst);
/** The demo articles a visitor sees, newest first. */
export const publishedArticles = demoArticles.filter((a) => a.status === 'published');

/**
 * Stories' `parameters.sandbox`: the sandbox client's options for that story, or a function
 * returning them (Storybook copies plain parameter objects, so a story that changes its `failOn`
 * while it runs hands over a function to keep its own object).
 */
export interface SandboxParameters {
  sandbox?: SandboxClientOptions | (() => SandboxClientOptions);
}

/** A connected screen on a fresh sandbox client, with a toast region, on the app's background. */
export const withSandboxClient: Decorator = (Story, { parameters }) => {
  const { sandbox = {} } = parameters as SandboxParameters;
  return (
    <SandboxRanwalProvider {...(typeof sandbox === 'function' ? sandbox() : sandbox)}>
      <ToastProvider>
        <div className="min-h-screen bg-slate-50">
          <Story />
        </div>
      </ToastProvider>
    </SandboxRanwalProvider>
  );
};

/** Waits longer than a search debounce. */
export const pastDebounce = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms + 200));

/**
 * A cover picture drawn in SVG, as a data: URL so stories need no server. (Only the display
 * stories use these; a saved cover is always an http(s) URL.)
 */
export function coverPicture(hue: number): string {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 400"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue} 70% 45%)"/><stop offset="1" stop-color="hsl(${(hue + 40) % 360} 70% 30%)"/></linearGradient></defs><rect width="800" height="400" fill="url(#g)"/><circle cx="640" cy="110" r="60" fill="hsl(${hue} 90% 85%)"/><path d="M0 330 L220 170 L380 300 L520 210 L800 360 V400 H0Z" fill="hsl(${hue} 40% 20%)" opacity=".6"/></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

/** A URL on the page's own server that is not an image, so the browser fails to load it. */
export const brokenImageUrl = () => `${globalThis.location.origin}/no-such-cover.png`;

/** The smallest valid PNG (1×1), as a File the way a file chooser hands it over. */
export function pngFile(name = 'sampul.png'): File {
  const bytes = Uint8Array.from(
    atob(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    ),
    (char) => char.charCodeAt(0),
  );
  return new File([bytes], name, { type: 'image/png' });
}

/**
 * Stories' a11y parameters for screens with pending buttons: react-aria announces a focused
 * button's pending state through its own hidden live region (role=img nodes naming the button,
 * removed after 7 s); once the button has changed or gone, axe sees them as unnamed images. The
 * region is the library's, not the screen's.
 */
export const a11yWithoutLiveAnnouncer = {
  a11y: { context: { exclude: ['[data-live-announcer]'] } },
};
