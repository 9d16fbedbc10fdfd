/**
 * react-aria's Button announces a change of its pending state by adding to react-aria's hidden
 * live region a node that names the button by id (`role="img"`, `aria-labelledby`) and stays
 * 7 s. A button that goes away meanwhile leaves that node naming nothing: an image without a
 * name to screen readers and to axe (role-img-alt). The login form's button does, as soon as
 * the sign-in succeeds, which is often before react-aria adds its very first announcement
 * (100 ms late). So each such node, as it is added, is given the text it names (what a screen
 * reader would read then), or dropped when what it names is already gone.
 */
export function announceNamesAsText(): void {
  if (watching || typeof document === 'undefined') return;
  watching = true;
  const announcements = new MutationObserver((records) => {
    for (const record of records) record.addedNodes.forEach(toText);
  });
  const watch = (region: Element) =>
    announcements.observe(region, { childList: true, subtree: true });
  const region = document.querySelector(LIVE_REGION);
  if (region) watch(region);
  // react-aria puts its region at the start of <body> when it first announces something.
  new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.addedNodes) {
        if (node instanceof Element && node.matches(LIVE_REGION)) watch(node);
      }
    }
  }).observe(document.body, { childList: true });
}

const LIVE_REGION = '[data-live-announcer]';
let watching = false;

function toText(node: Node): void {
  if (!(node instanceof Element) || node.getAttribute('role') !== 'img') return;
  const ids = node.getAttribute('aria-labelledby')?.split(/\s+/) ?? [];
  const text = ids
    .map((id) => {
      const named = document.getElementById(id);
      return (named?.getAttribute('aria-label') ?? named?.textContent ?? '').trim();
    })
    .filter(Boolean)
    .join(' ');
  if (!text) {
    node.remove();
    return;
  }
  node.removeAttribute('role');
  node.removeAttribute('aria-labelledby');
  node.textContent = text;
}
