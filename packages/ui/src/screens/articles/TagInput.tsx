import { useState } from 'react';
import { Button as AriaButton, Tag, TagGroup, TagList } from 'react-aria-components';
import { Button } from '../../components/Button.js';
import { CloseIcon } from '../../components/icons.js';
import { TextField } from '../../components/TextField.js';
import { useMessages } from '../../data/RanwalProvider.js';
import { cn, focusRing } from '../../lib/cn.js';

export interface TagInputProps {
  tags: readonly string[];
  onChange: (tags: string[]) => void;
  isDisabled?: boolean;
}

/** The tag of `text` to add, or null when it is blank or already there (spec section 5). */
export function tagToAdd(tags: readonly string[], text: string): string | null {
  const tag = text.trim();
  return tag === '' || tags.includes(tag) ? null : tag;
}

/**
 * Tag entry: type a tag and press Enter (or 'Tambah'); each tag is a removable chip
 * (its × button, or Delete/Backspace on the focused chip).
 */
export function TagInput({ tags, onChange, isDisabled }: TagInputProps) {
  const fields = useMessages().articles.fields;
  const [text, setText] = useState('');
  const add = () => {
    const tag = tagToAdd(tags, text);
    if (tag) onChange([...tags, tag]);
    setText('');
  };
  const onKeyDown = (event: { key: string; preventDefault: () => void }) => {
    // Enter adds the tag rather than submitting the form around it.
    if (event.key !== 'Enter') return;
    event.preventDefault();
    add();
  };
  const remove = (keys: Set<unknown>) => onChange(tags.filter((tag) => !keys.has(tag)));

  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-end gap-2">
        <TextField
          label={fields.tags}
          placeholder={fields.tagPlaceholder}
          value={text}
          onChange={setText}
          onKeyDown={onKeyDown}
          isDisabled={isDisabled}
          className="min-w-0 flex-1"
        />
        <Button variant="secondary" onPress={add} isDisabled={isDisabled}>
          {fields.addTag}
        </Button>
      </div>
      {tags.length > 0 && (
        <TagGroup aria-label={fields.tags} onRemove={remove}>
          <TagList className="flex flex-wrap gap-2">
            {tags.map((tag) => (
              <Tag
                key={tag}
                id={tag}
                textValue={tag}
                isDisabled={isDisabled}
                className={cn(
                  'flex items-center gap-1 rounded-full bg-brand-50 py-0.5 ps-3 pe-1 text-sm text-brand-900 ring-1 ring-inset ring-brand-100',
                  focusRing,
                )}
              >
                {tag}
                {/* Its own press and name ('Hapus tag X'), not the slot's 'remove' + row text;
                    keyboard users remove the focused chip with Delete or Backspace. */}
                <AriaButton
                  slot={null}
                  excludeFromTabOrder
                  onPress={() => onChange(tags.filter((other) => other !== tag))}
                  aria-label={fields.removeTag(tag)}
                  className={cn(
                    'flex size-6 items-center justify-center rounded-full text-brand-900',
                    'data-[hovered]:bg-brand-100 data-[pressed]:bg-brand-100',
                    focusRing,
                  )}
                >
                  <CloseIcon className="size-3.5" />
                </AriaButton>
              </Tag>
            ))}
          </TagList>
        </TagGroup>
      )}
    </div>
  );
}
