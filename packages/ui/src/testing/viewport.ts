/**
 * Resizes the page when the story runs under Vitest's browser mode, and answers whether it did.
 * `vitest/browser` throws when imported anywhere else, so it is imported here, on demand and only
 * under Vitest (its `__vitest_browser__` flag): a story that imported it at the top would not
 * open at all in `npm run storybook`, and even asked for on demand there, Vite would bundle it as
 * a dependency found late and load the story's frame again (1–4 s). In Storybook the story checks
 * the window at the size the person gave it.
 */
export async function setViewport(width: number, height: number): Promise<boolean> {
  if (!(globalThis as { __vitest_browser__?: boolean }).__vitest_browser__) return false;
  const { page } = await import('vitest/browser');
  await page.viewport(width, height);
  return true;
}
