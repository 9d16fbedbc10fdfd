import { type ReactNode, useContext, useEffect, useMemo, useRef } from 'react';
import {
  ComboBox as AriaComboBox,
  type ComboBoxProps as AriaComboBoxProps,
  Button,
  ComboBoxStateContext,
  ListBox,
  OverlayTriggerStateContext,
  Popover,
} from 'react-aria-components';
import { useMessages } from '../data/messages-context.js';
import { cn, composeClassName, focusRing } from '../lib/cn.js';
import {
  Description,
  FieldError,
  type FieldErrorMessage,
  FieldGroup,
  Input,
  isInvalidFrom,
  Label,
  popoverStyles,
} from './Field.js';
import { ChevronDownIcon } from './icons.js';
import { SelectItem } from './Select.js';
import { Spinner } from './States.js';

export interface ComboBoxProps<T extends object> extends Omit<AriaComboBoxProps<T>, 'children'> {
  label?: string;
  description?: string;
  /** 'warning' draws the description as the spec's yellow hint. */
  descriptionTone?: 'neutral' | 'warning';
  /** Shown under the field; a non-empty string also marks the field invalid. */
  errorMessage?: FieldErrorMessage;
  placeholder?: string;
  /** Options are being fetched (a server search): a spinner, and the list is aria-busy. */
  isLoading?: boolean;
  /** What the open list shows when no option matches, e.g. 'Tidak ada kegiatan ditemukan'. */
  renderEmptyState?: () => ReactNode;
  children: ReactNode | ((item: T) => ReactNode);
}

/**
 * A searchable drop-down. With `defaultItems` it filters on its own; for a server search pass
 * `items` (already filtered), `inputValue`, `onInputChange` and `isLoading`.
 */
export function ComboBox<T extends object>({
  label,
  description,
  descriptionTone,
  errorMessage,
  placeholder,
  isLoading = false,
  renderEmptyState,
  children,
  isInvalid,
  allowsEmptyCollection,
  className,
  ...props
}: ComboBoxProps<T>) {
  const m = useMessages();
  // react-aria links the description to the input only while it knows there is one; told, a
  // description that appears after mount (options loaded, say) is announced too.
  const describedBy = { description };
  return (
    <AriaComboBox
      {...props}
      {...describedBy}
      allowsEmptyCollection={allowsEmptyCollection ?? (renderEmptyState !== undefined || isLoading)}
      isInvalid={isInvalidFrom(isInvalid, errorMessage)}
      className={composeClassName(className, 'group/field flex flex-col gap-1')}
    >
      {label && <Label>{label}</Label>}
      <FieldGroup>
        <ComboBoxInput placeholder={placeholder} title={props.inputValue || undefined} />
        {isLoading && <Spinner className="size-4 shrink-0 text-brand-700" />}
        <Button
          className={cn(
            'me-1 flex size-8 shrink-0 cursor-default items-center justify-center rounded text-slate-600',
            'data-[hovered]:bg-slate-100 data-[pressed]:bg-slate-200 data-[disabled]:opacity-50',
            focusRing,
          )}
        >
          <ChevronDownIcon className="size-4" />
        </Button>
      </FieldGroup>
      {description && <Description tone={descriptionTone}>{description}</Description>}
      <FieldError>{errorMessage}</FieldError>
      <KeptOpenOnPageScroll>
        <Popover className={popoverStyles}>
          {/* react-aria's ListBox does not pass aria-busy on, so a wrapper carries it. */}
          <div aria-busy={isLoading || undefined}>
            <ListBox
              className="max-h-72 overflow-auto p-1 outline-none"
              renderEmptyState={() => (
                <div className="px-3 py-2 text-sm text-slate-600">
                  {isLoading ? m.common.loading : renderEmptyState?.()}
                </div>
              )}
            >
              {children}
            </ListBox>
          </div>
        </Popover>
      </KeptOpenOnPageScroll>
    </AriaComboBox>
  );
}

/**
 * The list stays open while the page scrolls. React Aria closes a combo box's list on any scroll
 * around its field, the page's own included (adobe/react-spectrum#8434, #9467), and closing it
 * commits the text: typed text that is not an option is then dropped where free text is not
 * allowed. The page scrolls under a typing person more often than it seems: the browser brings a
 * field into view after focusing it (a frame later, so after the first keystroke has opened the
 * list), a phone's keyboard pushes the page up, a list loading above moves it. The list lives in
 * the document (absolutely placed), so it moves with the page and needs no closing; a scroll of
 * a region inside the page (a dialog's body) still closes it, since the list would then be left
 * behind. Only the list's own close (`Popover`) is held back: Escape, a choice and leaving the
 * field close it as before.
 */
function KeptOpenOnPageScroll({ children }: { children: ReactNode }) {
  const state = useContext(OverlayTriggerStateContext);
  const pageScrolling = useRef(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    // Registered before React Aria's own listener (added when the list opens), so it runs first.
    const onScroll = (event: Event) => {
      if (event.target !== document && event.target !== document.documentElement) return;
      pageScrolling.current = true;
      clearTimeout(timer);
      timer = setTimeout(() => {
        pageScrolling.current = false;
      });
    };
    window.addEventListener('scroll', onScroll, true);
    return () => {
      window.removeEventListener('scroll', onScroll, true);
      clearTimeout(timer);
    };
  }, []);
  const kept = useMemo(
    () =>
      state && {
        ...state,
        close: () => {
          if (!pageScrolling.current) state.close();
        },
      },
    [state],
  );
  return (
    <OverlayTriggerStateContext.Provider value={kept}>
      {children}
    </OverlayTriggerStateContext.Provider>
  );
}

/**
 * The field's text box. A click anywhere in it opens the options (not only the arrow), and a
 * long choice cut at the field's edge shows whole on hover (`title`).
 */
function ComboBoxInput({ placeholder, title }: { placeholder?: string; title?: string }) {
  const state = useContext(ComboBoxStateContext);
  return (
    <Input
      placeholder={placeholder}
      title={title}
      onClick={() => {
        if (state && !state.isOpen) state.open(null, 'manual');
      }}
    />
  );
}

/** One option of a ComboBox (the same option as a Select's). */
export const ComboBoxItem = SelectItem;
