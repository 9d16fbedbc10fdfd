import { BASE_PATH } from '@ranwal/core';
import sanitizeHtml from 'sanitize-html';

/** Our own upload URLs, also accepted as a site-relative path in `<img src>`. */
const UPLOAD_PATH = new RegExp(`^${BASE_PATH}/api/uploads/[0-9a-f-]{36}$`, 'i');

const LINK_SCHEMES = ['http:', 'https:', 'mailto:'];
const IMAGE_SCHEMES = ['http:', 'https:'];
const LINK_REL = 'noopener noreferrer nofollow';

/** The URL when its scheme is allowed (parsed as a browser would), else undefined. */
function allowedUrl(value: string | undefined, schemes: string[]): string | undefined {
  const url = value?.trim();
  if (!url) return undefined;
  try {
    return schemes.includes(new URL(url).protocol) ? url : undefined;
  } catch {
    // Not an absolute URL: relative ones are not allowed.
    return undefined;
  }
}

const articleOptions: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'strong',
    'b',
    'em',
    'i',
    'u',
    'h1',
    'h2',
    'h3',
    'ul',
    'ol',
    'li',
    'blockquote',
    'a',
    'img',
  ],
  allowedAttributes: {
    a: ['href', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
  },
  // A second check after the transforms below, in sanitize-html's own terms.
  allowedSchemes: ['http', 'https'],
  allowedSchemesByTag: { a: ['http', 'https', 'mailto'], img: ['http', 'https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // Disallowed tags whose content goes with them, not only the tag.
  nonTextTags: [
    'script',
    'style',
    'textarea',
    'option',
    'noscript',
    'iframe',
    'object',
    'embed',
    'template',
    'svg',
    'math',
    'title',
    'head',
  ],
  transformTags: {
    a: (tagName, attribs) => {
      const href = allowedUrl(attribs.href, LINK_SCHEMES);
      return {
        tagName,
        attribs: {
          ...(href ? { href } : {}),
          ...(attribs.target === '_blank' ? { target: '_blank' } : {}),
          rel: LINK_REL,
        },
      };
    },
    img: (tagName, { src: given, ...rest }) => {
      const trimmed = given?.trim() ?? '';
      const src = UPLOAD_PATH.test(trimmed) ? trimmed : allowedUrl(trimmed, IMAGE_SCHEMES);
      return { tagName, attribs: src ? { src, ...rest } : rest };
    },
  },
  // An image whose source was removed shows nothing but a broken icon.
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};

/**
 * The article HTML the product allows: basic formatting, headings, lists, quotes, http(s)/mailto
 * links (rel="noopener noreferrer nofollow") and http(s) images. Everything else (scripts, event
 * handlers, `javascript:` URLs, iframes, styles) is removed. Used on write; safe to reuse on render.
 */
export function sanitizeArticleHtml(html: string): string {
  return sanitizeHtml(html, articleOptions).trim();
}

/** Tags that do not separate words, so removing them must not add a space. */
const INLINE_TAG = /^<\/?(?:a|b|strong|em|i|u)\b/i;
const ESCAPED: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"' };

/** The readable text of (untrusted) HTML: tags removed, entities decoded, whitespace collapsed. */
export function htmlToText(html: string): string {
  // sanitize-html's output is well formed and escapes '>' in attribute values, so a tag is
  // exactly `<…>`, and its text holds only these four entities.
  return sanitizeArticleHtml(html)
    .replace(/<[^>]*>/g, (tag) => (INLINE_TAG.test(tag) ? '' : ' '))
    .replace(/&(?:amp|lt|gt|quot);/g, (entity) => ESCAPED[entity] ?? entity)
    .replace(/\s+/g, ' ')
    .trim();
}

export const EXCERPT_LENGTH = 200;

/** About `length` characters of the text, cut at a word boundary, with '…' when shortened. */
export function excerptOf(html: string, length = EXCERPT_LENGTH): string {
  const text = htmlToText(html);
  if (text.length <= length) return text;
  const cut = text.slice(0, length + 1);
  const boundary = cut.lastIndexOf(' ');
  // One very long word: cut inside it rather than return almost nothing.
  const end = boundary > length / 2 ? boundary : length;
  return `${cut.slice(0, end).replace(/[\s.,;:!?-]+$/, '')}…`;
}
