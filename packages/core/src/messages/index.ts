import { messagesEn } from './en.js';
import { type Messages, messagesId } from './id.js';

export { messagesEn } from './en.js';
export type {
  AccountLevelMessages,
  CodedLevelMessages,
  LevelCatalogue,
  LevelMessages,
  Messages,
} from './id.js';
export { messagesId } from './id.js';

export type Locale = 'id' | 'en';

export const catalogues: Readonly<Record<Locale, Messages>> = {
  id: messagesId,
  en: messagesEn,
};

/** The catalogue of a locale; Indonesian, the product's language, by default. */
export function getMessages(locale: Locale = 'id'): Messages {
  return catalogues[locale];
}
