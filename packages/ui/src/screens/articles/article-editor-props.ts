import type { ArticleInput } from '@ranwal/core';

// Shared by the editor's loader (ArticleEditor) and its lazily loaded form, so the form never
// imports back from the module that loads it.

/** How long the success message stays before `onSaved` (spec section 8: 1.5 s). */
export const SAVED_DELAY_MS = 1500;

export interface ArticleEditorProps {
  /** Uploads a cover image and resolves to its URL; rejects with the API's error. */
  onUploadCover: (file: File) => Promise<string>;
  /** Saves the article; rejects with the API's error. */
  onSubmit: (article: ArticleInput) => Promise<unknown>;
  /** Called 1.5 s after a successful save (the portal then shows the admin article list). */
  onSaved?: () => void;
  /** 'Batal'; with something written, only after the person confirms leaving it. */
  onCancel?: () => void;
  /**
   * Session-storage key keeping the article until it is saved (lib/session-draft): a reload or
   * a new sign-in after the session ended gives it back.
   */
  draftKey?: string | undefined;
}
