import {
  type ClipboardEvent,
  type KeyboardEvent,
  type ReactNode,
  useEffect,
  useEffectEvent,
  useId,
  useRef,
  useState,
} from 'react';
import { Separator, ToggleButton, Toolbar } from 'react-aria-components';
import { Button } from '../../components/Button.js';
import { Label } from '../../components/Field.js';
import {
  BoldIcon,
  HeadingIcon,
  ItalicIcon,
  ParagraphIcon,
  UnderlineIcon,
} from '../../components/icons.js';
import { useMessages } from '../../data/RanwalProvider.js';
import { cn, focusRing } from '../../lib/cn.js';
import { ArticleHtml, articleContentStyles } from './parts.js';
import { sanitizeArticleHtml } from './sanitize-html.js';

type InlineFormat = 'bold' | 'italic' | 'underline';
type BlockFormat = 'h1' | 'h2' | 'h3' | 'p';
type Format = InlineFormat | BlockFormat;

interface ActiveFormats {
  bold: boolean;
  italic: boolean;
  underline: boolean;
  block: string;
}
const noFormats: ActiveFormats = { bold: false, italic: false, underline: false, block: '' };

const shortcuts: Record<string, InlineFormat> = { b: 'bold', i: 'italic', u: 'underline' };

/*
 * The browser's editing commands (execCommand) are deprecated but remain the one built-in way
 * to edit rich text without a library; every browser supports them, and what they produce goes
 * through the sanitizer before anyone else sees it.
 */
const doc = () =>
  globalThis.document as Document & {
    execCommand(command: string, showUi?: boolean, value?: string): boolean;
    queryCommandState(command: string): boolean;
    queryCommandValue(command: string): string;
  };

export interface RichTextEditorProps {
  label: string;
  /** The starting HTML, read once. */
  defaultValue?: string;
  /** Called on every edit with the editor's HTML as it stands (sanitize before use). */
  onChange: (html: string) => void;
  isRequired?: boolean;
  isDisabled?: boolean;
}

/**
 * The article content editor: a contentEditable area under a toolbar of toggle buttons (bold,
 * italic, underline, H1-H3, paragraph; one tab stop, arrow keys along it), Ctrl/⌘+B/I/U,
 * and a preview of the sanitized HTML. Pasted HTML is sanitized as it comes in.
 */
export function RichTextEditor({
  label,
  defaultValue = '',
  onChange,
  isRequired = false,
  isDisabled = false,
}: RichTextEditorProps) {
  const text = useMessages().articles.editor;
  const toolbarText = text.toolbar;
  const id = useId();
  const editorRef = useRef<HTMLDivElement>(null);
  const savedRange = useRef<Range | null>(null);
  const [html, setHtml] = useState(defaultValue);
  const [active, setActive] = useState<ActiveFormats>(noFormats);
  const [isPreview, setPreview] = useState(false);
  const [lastFocused, setLastFocused] = useState<Format | 'preview'>('bold');

  const isInEditor = (node: Node | null) => !!node && !!editorRef.current?.contains(node);

  const readActive = () => {
    const commands = doc();
    setActive({
      bold: commands.queryCommandState('bold'),
      italic: commands.queryCommandState('italic'),
      underline: commands.queryCommandState('underline'),
      block: commands.queryCommandValue('formatBlock').toLowerCase(),
    });
  };

  // The starting content, once.
  // biome-ignore lint/correctness/useExhaustiveDependencies: defaultValue is read once, on mount.
  useEffect(() => {
    const editor = editorRef.current;
    if (!editor) return;
    editor.innerHTML = sanitizeArticleHtml(defaultValue);
    doc().execCommand('defaultParagraphSeparator', false, 'p');
  }, []);

  // Remember where the caret was, so a toolbar button acts on it after focus has moved there.
  const onSelectionChange = useEffectEvent(() => {
    const selection = document.getSelection();
    if (!selection || selection.rangeCount === 0 || !isInEditor(selection.anchorNode)) return;
    savedRange.current = selection.getRangeAt(0).cloneRange();
    readActive();
  });
  useEffect(() => {
    const listener = () => onSelectionChange();
    document.addEventListener('selectionchange', listener);
    return () => document.removeEventListener('selectionchange', listener);
  }, []);

  const sync = () => {
    const editor = editorRef.current;
    if (!editor) return;
    setHtml(editor.innerHTML);
    onChange(editor.innerHTML);
  };

  const apply = (format: Format) => {
    const editor = editorRef.current;
    if (!editor) return;
    editor.focus();
    const selection = document.getSelection();
    if (selection && savedRange.current) {
      selection.removeAllRanges();
      selection.addRange(savedRange.current);
    }
    if (format === 'bold' || format === 'italic' || format === 'underline') {
      doc().execCommand(format);
    } else {
      // Pressing the active heading again turns it back into a paragraph.
      const block = active.block === format && format !== 'p' ? 'p' : format;
      doc().execCommand('formatBlock', false, `<${block}>`);
    }
    readActive();
    sync();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const format = shortcuts[event.key.toLowerCase()];
    if (!format || !(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey) return;
    event.preventDefault();
    apply(format);
  };

  const onPaste = (event: ClipboardEvent<HTMLDivElement>) => {
    event.preventDefault();
    const pasted = event.clipboardData.getData('text/html');
    if (pasted) {
      doc().execCommand('insertHTML', false, sanitizeArticleHtml(pasted));
    } else {
      doc().execCommand('insertText', false, event.clipboardData.getData('text/plain'));
    }
    sync();
  };

  const labelId = `${id}-label`;
  const formatButtons: { format: Format; label: string; glyph: ReactNode; isSelected: boolean }[] =
    [
      { format: 'bold', label: toolbarText.bold, glyph: <BoldIcon />, isSelected: active.bold },
      {
        format: 'italic',
        label: toolbarText.italic,
        glyph: <ItalicIcon />,
        isSelected: active.italic,
      },
      {
        format: 'underline',
        label: toolbarText.underline,
        glyph: <UnderlineIcon />,
        isSelected: active.underline,
      },
    ];
  const blockButtons: { format: Format; label: string; glyph: ReactNode; isSelected: boolean }[] = [
    ...([1, 2, 3] as const).map((level) => ({
      format: `h${level}` as const,
      label: toolbarText.heading(level),
      glyph: <HeadingIcon level={level} />,
      isSelected: active.block === `h${level}`,
    })),
    {
      format: 'p',
      label: toolbarText.paragraph,
      glyph: <ParagraphIcon />,
      isSelected: active.block === 'p',
    },
  ];
  const formattingDisabled = isDisabled || isPreview;
  // One tab stop for the whole toolbar (the button last used; arrows move along it), so Tab goes
  // from the toolbar straight to the text. While previewing only the preview button is live.
  const tabStop = formattingDisabled ? 'preview' : lastFocused;

  return (
    <div className="group/field flex flex-col gap-1" data-required={isRequired || undefined}>
      <Label elementType="span" id={labelId}>
        {label}
      </Label>
      <div
        className={cn(
          'overflow-hidden rounded-md border border-slate-300 bg-white',
          'has-[[contenteditable]:focus-visible]:border-brand-600 has-[[contenteditable]:focus-visible]:ring-1 has-[[contenteditable]:focus-visible]:ring-brand-600',
        )}
      >
        {/* With one tab stop, Tab simply leaves the toolbar; react-aria's own Tab handling
            (focus the last button, then let Tab go on) would make that button the tab stop. */}
        <div
          onKeyDownCapture={(event) => {
            if (event.key === 'Tab') event.stopPropagation();
          }}
        >
          <Toolbar
            aria-label={toolbarText.label}
            className="flex flex-wrap items-center gap-1 border-b border-slate-200 bg-slate-50 p-1.5"
          >
            {[formatButtons, blockButtons].map((group, index) => (
              <div key={group[0]!.format} className="flex items-center gap-1">
                {index > 0 && (
                  <Separator orientation="vertical" className="mx-1 h-6 w-px bg-slate-300" />
                )}
                {group.map((button) => (
                  <ToggleButton
                    key={button.format}
                    aria-label={button.label}
                    isSelected={button.isSelected}
                    isDisabled={formattingDisabled}
                    excludeFromTabOrder={button.format !== tabStop}
                    onFocus={() => setLastFocused(button.format)}
                    onChange={() => apply(button.format)}
                    className={cn(
                      'flex size-8 items-center justify-center rounded text-lg text-slate-700',
                      'data-[hovered]:bg-slate-200 data-[pressed]:bg-slate-300',
                      'data-[selected]:bg-brand-700 data-[selected]:text-white',
                      'data-[disabled]:cursor-not-allowed data-[disabled]:opacity-50',
                      focusRing,
                    )}
                  >
                    {button.glyph}
                  </ToggleButton>
                ))}
              </div>
            ))}
            <Button
              variant="ghost"
              size="sm"
              onPress={() => setPreview((shown) => !shown)}
              isDisabled={isDisabled}
              excludeFromTabOrder={tabStop !== 'preview'}
              onFocus={() => setLastFocused('preview')}
              className="ms-auto"
            >
              {isPreview ? text.hidePreview : text.showPreview}
            </Button>
          </Toolbar>
        </div>
        {/* Kept while previewing, so the text and its undo history survive. */}
        {/* biome-ignore lint/a11y/useSemanticElements: rich text needs contentEditable, not a textarea. */}
        <div
          ref={editorRef}
          role="textbox"
          tabIndex={isDisabled ? -1 : 0}
          aria-multiline="true"
          aria-labelledby={labelId}
          aria-required={isRequired || undefined}
          aria-disabled={isDisabled || undefined}
          contentEditable={!isDisabled}
          suppressContentEditableWarning
          hidden={isPreview}
          onInput={sync}
          onKeyDown={onKeyDown}
          onPaste={onPaste}
          className={cn(articleContentStyles, 'min-h-64 px-4 py-3 outline-none')}
        />
        {isPreview && (
          <section aria-label={text.showPreview} className="min-h-64 bg-white px-4 py-3">
            <ArticleHtml html={html} />
          </section>
        )}
      </div>
    </div>
  );
}
