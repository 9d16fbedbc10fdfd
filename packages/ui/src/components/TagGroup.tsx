import type { ReactNode } from 'react';
import {
  Tag as AriaTag,
  TagGroup as AriaTagGroup,
  type TagGroupProps as AriaTagGroupProps,
  type TagProps as AriaTagProps,
  Button,
  TagList,
  type TagListProps,
} from 'react-aria-components';
import { cn, composeClassName, focusRing } from '../lib/cn.js';
import { Description, Label } from './Field.js';
import { CloseIcon } from './icons.js';

export interface TagGroupProps<T extends object>
  extends Omit<AriaTagGroupProps, 'children'>,
    Pick<TagListProps<T>, 'items' | 'children' | 'renderEmptyState'> {
  label?: string;
  description?: string;
}

/** Chosen values as tags; with `onRemove`, each tag has a button that takes it out. */
export function TagGroup<T extends object>({
  label,
  description,
  items,
  children,
  renderEmptyState,
  className,
  ...props
}: TagGroupProps<T>) {
  return (
    <AriaTagGroup {...props} className={cn('flex flex-col gap-1', className)}>
      {label && <Label>{label}</Label>}
      <TagList
        items={items}
        renderEmptyState={renderEmptyState}
        className="flex flex-wrap gap-1.5 text-sm text-slate-600"
      >
        {children}
      </TagList>
      {description && <Description>{description}</Description>}
    </AriaTagGroup>
  );
}

export interface TagProps extends Omit<AriaTagProps, 'children'> {
  children: ReactNode;
  /** The remove button's label ('Hapus'); react-aria adds the tag's name to it. */
  removeLabel?: string;
}

/** One tag; its remove button shows while the group allows removing. */
export function Tag({ children, removeLabel, className, ...props }: TagProps) {
  const textValue = props.textValue ?? (typeof children === 'string' ? children : undefined);
  return (
    <AriaTag
      {...props}
      textValue={textValue}
      className={composeClassName(
        className,
        cn(
          'flex max-w-full cursor-default items-center gap-1 rounded-full border border-brand-600/40 bg-brand-50 py-0.5 ps-3 pe-1 text-sm text-brand-800',
          focusRing,
        ),
      )}
    >
      {({ allowsRemoving }) => (
        <>
          <span className="min-w-0 break-words">{children}</span>
          {allowsRemoving && (
            <Button
              slot="remove"
              aria-label={removeLabel}
              className={cn(
                'flex size-6 shrink-0 items-center justify-center rounded-full text-brand-800',
                'data-[hovered]:bg-brand-600/15 data-[pressed]:bg-brand-600/25',
                focusRing,
              )}
            >
              <CloseIcon className="size-3.5" aria-hidden="true" />
            </Button>
          )}
        </>
      )}
    </AriaTag>
  );
}
