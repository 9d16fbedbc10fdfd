import { isOwnUploadPath } from './base-path.js';

/*
 * The article HTML policy, declared once: the server applies it on write (sanitize-html) and the
 * browser again on render (an inert DOMParser), so both keep exactly the same markup.
 */

/** Tags kept as they are. */
export const ARTICLE_TAGS = [
  'p',
  'br',
  'strong',
  'em',
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
] as const;

/** Presentational tags kept as their semantic twins. */
export const ARTICLE_TAG_ALIASES: Readonly<Record<string, (typeof ARTICLE_TAGS)[number]>> = {
  b: 'strong',
  i: 'em',
};

/** Removed together with everything inside them (other unknown tags only lose the tag). */
export const ARTICLE_TAGS_DROPPED_WITH_CONTENT = [
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
] as const;

/** Attributes an image keeps besides its checked `src`. */
export const ARTICLE_IMAGE_ATTRIBUTES = ['alt', 'title', 'width', 'height'] as const;

/** Every link gets this `rel`; `target` survives only as `_blank`. */
export const ARTICLE_LINK_REL = 'noopener noreferrer nofollow';

const LINK_SCHEMES = ['http:', 'https:', 'mailto:'];
const IMAGE_SCHEMES = ['http:', 'https:'];

/** The URL when its scheme is allowed (parsed as a browser would), else undefined. */
function allowedUrl(value: string | null | undefined, schemes: string[]): string | undefined {
  const url = value?.trim();
  if (!url) return undefined;
  try {
    return schemes.includes(new URL(url).protocol) ? url : undefined;
  } catch {
    // Not an absolute URL: relative ones are not allowed.
    return undefined;
  }
}

/** A link's `href` when allowed (http, https, mailto), else undefined: the link keeps its text. */
export function articleLinkHref(value: string | null | undefined): string | undefined {
  return allowedUrl(value, LINK_SCHEMES);
}

/**
 * An image's `src` when allowed (http, https, or one of our uploads site-relative), else undefined:
 * the image is then removed, as it would show nothing but a broken icon.
 */
export function articleImageSrc(value: string | null | undefined): string | undefined {
  const given = value?.trim() ?? '';
  return isOwnUploadPath(given) ? given : allowedUrl(given, IMAGE_SCHEMES);
}
