import type { ArticleCategory } from '@ranwal/core';
import { Select, SelectItem } from '../../components/Select.js';
import { useMessages } from '../../data/RanwalProvider.js';
import { categoryOptions } from './parts.js';

export interface ArticleCategorySelectProps {
  value: ArticleCategory | null;
  onChange: (category: ArticleCategory | null) => void;
  isDisabled?: boolean;
}

/** The required category of an article, as the editor and the edit dialog ask for it. */
export function ArticleCategorySelect({ value, onChange, isDisabled }: ArticleCategorySelectProps) {
  const messages = useMessages();
  const fields = messages.articles.fields;
  return (
    <Select
      label={fields.category}
      placeholder={fields.categoryPlaceholder}
      value={value}
      onChange={(key) => onChange(key as ArticleCategory | null)}
      isRequired
      validationBehavior="aria"
      isDisabled={isDisabled}
    >
      {categoryOptions(messages).map((option) => (
        <SelectItem key={option.id} id={option.id}>
          {option.name}
        </SelectItem>
      ))}
    </Select>
  );
}
