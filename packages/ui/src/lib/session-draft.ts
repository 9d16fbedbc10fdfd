import { useEffect } from 'react';

/*
 * What a person is writing, kept in the tab's session storage: a reload, or a session that ends
 * and is signed into again, gives it back; closing the tab forgets it. Keys name the user, so
 * someone else signing in on the same tab never sees it.
 */

const storage = (): Storage | undefined => globalThis.sessionStorage;

/** The draft stored under `key`, or undefined (none, unreadable, or no storage). */
export function readDraft<T>(key: string): T | undefined {
  try {
    const text = storage()?.getItem(key);
    return text ? (JSON.parse(text) as T) : undefined;
  } catch {
    return undefined;
  }
}

export function writeDraft(key: string, value: unknown): void {
  try {
    storage()?.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or refused (private mode): the draft is only not kept.
  }
}

export function clearDraft(key: string): void {
  storage()?.removeItem(key);
}

/** The key of a user's draft of one kind, e.g. `ranwal.draft.<userId>.budget-line`. */
export const draftKey = (userId: string | undefined, kind: string): string | undefined =>
  userId ? `ranwal.draft.${userId}.${kind}` : undefined;

/** Forms on the page holding input not yet saved (each `useUnsavedWarning` that is on). */
let unsavedForms = 0;

/** Whether any form on the page holds input not yet saved: a router's Back guard asks this. */
export function hasUnsavedInput(): boolean {
  return unsavedForms > 0;
}

/**
 * Whether to leave the page for another in the app (a sidebar link): yes at once when nothing
 * is unsaved, else what the person answers to `question` (the browser's own confirm dialog,
 * as closing the tab shows its own).
 */
export function confirmLeaving(question: string): boolean {
  return !hasUnsavedInput() || window.confirm(question);
}

/**
 * While `unsaved`, closing or reloading the page asks first (the browser's own dialog), and so
 * does a link of the app's own navigation (`confirmLeaving`).
 */
export function useUnsavedWarning(unsaved: boolean): void {
  useEffect(() => {
    if (!unsaved) return;
    unsavedForms += 1;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers want a return value to show the dialog.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => {
      unsavedForms -= 1;
      window.removeEventListener('beforeunload', warn);
    };
  }, [unsaved]);
}
