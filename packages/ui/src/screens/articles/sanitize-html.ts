import {
  ARTICLE_IMAGE_ATTRIBUTES,
  ARTICLE_LINK_REL,
  ARTICLE_TAG_ALIASES,
  ARTICLE_TAGS,
  ARTICLE_TAGS_DROPPED_WITH_CONTENT,
  articleImageSrc,
  articleLinkHref,
} from '@ranwal/core';

/*
 * The browser's half of "article HTML is sanitized on write and again when rendered": core's
 * policy (the server applies the same one with sanitize-html), built on the browser's own inert
 * DOMParser so the UI needs no sanitizer dependency. Anything not on the list goes.
 */

const allowedTags = new Set<string>(ARTICLE_TAGS);
const droppedWithContent = new Set<string>(ARTICLE_TAGS_DROPPED_WITH_CONTENT);
/** Blocks a `div` may hold; a `div` holding none of them is a paragraph (a contentEditable line). */
const blockSelector = 'p, div, h1, h2, h3, h4, h5, h6, ul, ol, li, blockquote, table, pre';

/** Inline content that may not stand alone at the top level: it is gathered into a `<p>`. */
const inlineTags = new Set(['strong', 'em', 'u', 'a', 'img', 'br']);

/** A clean copy of `source`'s allowed children, appended to `target` (both in `doc`). */
function copyAllowed(source: Node, target: Node, doc: Document): void {
  for (const node of Array.from(source.childNodes)) {
    if (node.nodeType === Node.TEXT_NODE) {
      target.appendChild(doc.createTextNode(node.textContent ?? ''));
      continue;
    }
    if (node.nodeType !== Node.ELEMENT_NODE) continue; // comments, processing instructions
    const element = node as Element;
    const given = element.localName;
    if (droppedWithContent.has(given)) continue;
    const tag =
      given === 'div' && !element.querySelector(blockSelector)
        ? 'p'
        : (ARTICLE_TAG_ALIASES[given] ?? given);
    if (!allowedTags.has(tag)) {
      copyAllowed(element, target, doc);
      continue;
    }
    const clean = doc.createElement(tag);
    if (tag === 'a') {
      const href = articleLinkHref(element.getAttribute('href'));
      if (href) clean.setAttribute('href', href);
      if (element.getAttribute('target') === '_blank') clean.setAttribute('target', '_blank');
      clean.setAttribute('rel', ARTICLE_LINK_REL);
    } else if (tag === 'img') {
      const src = articleImageSrc(element.getAttribute('src'));
      // An image without a source shows nothing but a broken icon.
      if (!src) continue;
      clean.setAttribute('src', src);
      for (const name of ARTICLE_IMAGE_ATTRIBUTES) {
        const value = element.getAttribute(name);
        if (value !== null) clean.setAttribute(name, value);
      }
    }
    copyAllowed(element, clean, doc);
    target.appendChild(clean);
  }
}

const isBlankParagraph = (node: Node) =>
  node.nodeType === Node.ELEMENT_NODE &&
  (node as Element).localName === 'p' &&
  (node.textContent ?? '').trim() === '' &&
  !(node as Element).querySelector('img');

/**
 * Gathers text and inline elements standing directly at the top (what a contentEditable leaves
 * behind before the first Enter) into paragraphs, and drops empty paragraphs.
 */
function normalizeBlocks(root: Element, doc: Document): void {
  let paragraph: Element | null = null;
  for (const node of Array.from(root.childNodes)) {
    const isInline =
      node.nodeType === Node.TEXT_NODE ||
      (node.nodeType === Node.ELEMENT_NODE && inlineTags.has((node as Element).localName));
    if (!isInline) {
      paragraph = null;
      if (isBlankParagraph(node)) node.remove();
      continue;
    }
    if (!paragraph) {
      if (node.nodeType === Node.TEXT_NODE && (node.textContent ?? '').trim() === '') {
        node.remove();
        continue;
      }
      paragraph = doc.createElement('p');
      root.insertBefore(paragraph, node);
    }
    paragraph.appendChild(node);
  }
  for (const p of Array.from(root.children)) if (isBlankParagraph(p)) p.remove();
  // A contentEditable ends its lines with a <br> that shows nothing: drop it.
  for (const br of Array.from(root.querySelectorAll('br'))) {
    if (!br.nextSibling && br.parentElement !== root && br.previousSibling) br.remove();
  }
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

let outsideBrowser: ((html: string) => string) | null = null;

/**
 * The sanitizer to use where there is no DOMParser: the server, rendering the public pages, gives
 * its own (the same policy, with sanitize-html), so an article's content renders there too.
 */
export function setArticleSanitizerOutsideBrowser(sanitize: ((html: string) => string) | null) {
  outsideBrowser = sanitize;
}

/**
 * The article HTML the product allows: paragraphs, line breaks, bold, italic, underline, H1-H3,
 * lists, quotes, http(s)/mailto links (rel="noopener noreferrer nofollow") and http(s) images.
 * Scripts, styles, event handlers, `javascript:` URLs and everything else are removed. The work
 * happens in a DOMParser document, which runs no script and loads no image.
 */
export function sanitizeArticleHtml(html: string): string {
  // Outside a browser (no DOMParser) nothing can be checked here, so nothing is trusted without
  // the sanitizer given for it.
  if (typeof DOMParser === 'undefined') return outsideBrowser?.(html) ?? escapeHtml(html);
  const doc = new DOMParser().parseFromString(html, 'text/html');
  const root = doc.createElement('div');
  copyAllowed(doc.body, root, doc);
  normalizeBlocks(root, doc);
  return root.innerHTML;
}

/** The text of some HTML as a reader sees it, untrimmed (the parse is inert: nothing runs). */
export function htmlText(html: string): string {
  if (typeof DOMParser === 'undefined') return html.replace(/<[^>]*>/g, '');
  return new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '';
}
