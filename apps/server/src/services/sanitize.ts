import {
  ARTICLE_IMAGE_ATTRIBUTES,
  ARTICLE_LINK_REL,
  ARTICLE_TAG_ALIASES,
  ARTICLE_TAGS,
  ARTICLE_TAGS_DROPPED_WITH_CONTENT,
  articleImageSrc,
  articleLinkHref,
  EXCERPT_LENGTH,
  excerptOfText,
} from '@ranwal/core';
import sanitizeHtml from 'sanitize-html';

// The policy is core's (shared with the browser's sanitizer); this maps it onto sanitize-html.
const aliasTransforms = Object.fromEntries(
  Object.entries(ARTICLE_TAG_ALIASES).map(([from, to]) => [
    from,
    sanitizeHtml.simpleTransform(to, {}),
  ]),
);

const articleOptions: sanitizeHtml.IOptions = {
  allowedTags: [...ARTICLE_TAGS],
  allowedAttributes: {
    a: ['href', 'target', 'rel'],
    img: ['src', ...ARTICLE_IMAGE_ATTRIBUTES],
  },
  // A second check after the transforms below, in sanitize-html's own terms.
  allowedSchemes: ['http', 'https'],
  allowedSchemesByTag: { a: ['http', 'https', 'mailto'], img: ['http', 'https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // Disallowed tags whose content goes with them, not only the tag.
  nonTextTags: [...ARTICLE_TAGS_DROPPED_WITH_CONTENT],
  transformTags: {
    ...aliasTransforms,
    a: (tagName, attribs) => {
      const href = articleLinkHref(attribs.href);
      return {
        tagName,
        attribs: {
          ...(href ? { href } : {}),
          ...(attribs.target === '_blank' ? { target: '_blank' } : {}),
          rel: ARTICLE_LINK_REL,
        },
      };
    },
    img: (tagName, { src: given, ...rest }) => {
      const src = articleImageSrc(given);
      return { tagName, attribs: src ? { src, ...rest } : rest };
    },
  },
  // An image whose source was removed shows nothing but a broken icon.
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};

/**
 * The article HTML the product allows (core's policy): basic formatting, headings, lists, quotes,
 * http(s)/mailto links (rel="noopener noreferrer nofollow") and http(s) images. Everything else (scripts, event
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

/** The excerpt of (untrusted) HTML: its readable text, cut by core's rule. */
export function excerptOf(html: string, length = EXCERPT_LENGTH): string {
  return excerptOfText(htmlToText(html), length);
}
