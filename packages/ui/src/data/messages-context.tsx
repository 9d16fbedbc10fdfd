import { type Messages, messagesId } from '@ranwal/core';
import { createContext, type ReactNode, useContext } from 'react';
import { I18nProvider } from 'react-aria-components';

// The catalogue every building block and screen reads, apart from the data provider so a
// building block (a dialog's close button, a toast's title) needs no query client to render.
const MessagesContext = createContext<Messages>(messagesId);

/**
 * Gives `messages` to everything inside, and their locale to react-aria (number and date
 * formats, and its own screen-reader strings where it has that language: it ships no
 * Indonesian, so those stay English; see docs/ui.md).
 */
export function MessagesProvider({
  messages,
  children,
}: {
  messages: Messages;
  children: ReactNode;
}) {
  return (
    <MessagesContext.Provider value={messages}>
      <I18nProvider locale={messages.locale}>{children}</I18nProvider>
    </MessagesContext.Provider>
  );
}

/** The message catalogue; Indonesian outside a provider, so presentational screens render alone. */
export function useMessages(): Messages {
  return useContext(MessagesContext);
}
