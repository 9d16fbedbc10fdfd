import type { ReactNode } from 'react';
import { useUnsavedWarning } from '../lib/session-draft.js';
import type { NavLinkProps } from '../screens/shell/nav-link.js';

/** A page whose form holds input not yet saved. */
export function UnsavedForm() {
  useUnsavedWarning(true);
  return <p className="text-slate-800">Isian belum disimpan</p>;
}

/**
 * A router stand-in for a navigation's `renderLink`: a link calls `go(href)` instead of loading
 * a page, after the navigation's own handler and only if that did not say stay, as
 * react-router's Link does.
 */
export function routerLinks(go: (href: string) => void) {
  return ({ href, onClick, ...props }: NavLinkProps): ReactNode => (
    <a
      {...props}
      href={href}
      onClick={(event) => {
        onClick(event);
        const stay = event.isDefaultPrevented();
        event.preventDefault();
        if (!stay) go(href);
      }}
    />
  );
}

/**
 * Runs `steps` with the browser's confirm dialog answered by `answers` in turn (then 'Batal'),
 * and returns the questions it was asked.
 */
export async function withConfirmAnswers(
  answers: boolean[],
  steps: (questions: readonly string[]) => Promise<void>,
): Promise<void> {
  const questions: string[] = [];
  const confirm = window.confirm;
  window.confirm = (question?: string) => {
    questions.push(String(question));
    return answers.shift() ?? false;
  };
  try {
    await steps(questions);
  } finally {
    window.confirm = confirm;
  }
}
