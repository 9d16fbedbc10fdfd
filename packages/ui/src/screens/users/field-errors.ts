import type { Messages } from '@ranwal/core';

/** The part of a zod issue a form needs (kept structural, so `ui` needs no zod import). */
export interface SchemaIssue {
  readonly path: readonly PropertyKey[];
  readonly code: string;
  readonly message: string;
  readonly format?: string;
}

/** Error texts for particular problems of particular fields, by zod issue code. */
export type SpecialMessages<F extends string> = Partial<Record<F, Partial<Record<string, string>>>>;

/**
 * One catalogue text per invalid field, from the issues of a core schema's `safeParse`: a blank
 * field is 'Nama wajib diisi.', a malformed email 'Format email tidak valid.', anything else the
 * field's special message or the schema's own words.
 */
export function fieldErrorsFrom<F extends string>(
  issues: readonly SchemaIssue[],
  values: Readonly<Record<F, string>>,
  labels: Readonly<Record<F, string>>,
  messages: Messages,
  special: SpecialMessages<F> = {},
): Partial<Record<F, string>> {
  const errors: Partial<Record<F, string>> = {};
  for (const issue of issues) {
    const field = issue.path[0] as F;
    if (!(field in labels) || errors[field] !== undefined) continue;
    const label = labels[field];
    if (values[field].trim() === '') {
      errors[field] = messages.validation.required(label);
    } else if (issue.code === 'invalid_format' && issue.format === 'email') {
      errors[field] = messages.validation.invalidEmail;
    } else {
      errors[field] =
        special[field]?.[issue.code] ?? messages.server.validation(label, issue.message);
    }
  }
  return errors;
}
