/**
 * Resizes the page when the story runs under Vitest's browser mode, and answers whether it did.
 * `vitest/browser` throws when imported anywhere else, so it is imported here, on demand: a story
 * that imported it at the top would not open at all in `npm run storybook`. There the story checks
 * the window at the size the person gave it.
 */
export async function setViewport(width: number, height: number): Promise<boolean> {
  // Outside Vitest's browser mode the import is not even asked for: in `npm run storybook` Vite
  // would bundle `vitest/browser` as a dependency found late and reload the story's frame (1–4 s).
  if (!(globalThis as { __vitest_browser__?: boolean }).__vitest_browser__) return false;
  let page: { viewport(width: number, height: number): Promise<void> };
  try {
    ({ page } = await import('vitest/browser'));
  } catch {
    return false;
  }
  await page.viewport(width, height);
  return true;
}
