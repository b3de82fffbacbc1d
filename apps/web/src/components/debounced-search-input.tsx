import { CloseButton, TextInput, type TextInputProps } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';

/** How long typing must pause before a list searches again. */
export const SEARCH_DEBOUNCE_MS = 300;

type DebouncedSearchInputProps = Omit<TextInputProps, 'value' | 'onChange' | 'defaultValue'> & {
  /** The search in effect (from the URL). */
  value: string;
  /** Called once typing pauses, on Enter, and when cleared. */
  onSearch: (value: string) => void;
  clearLabel: string;
  delay?: number;
};

/** A search box that reports its text once typing pauses, and follows outside changes (back/forward). */
export function DebouncedSearchInput({
  value,
  onSearch,
  clearLabel,
  delay = SEARCH_DEBOUNCE_MS,
  ...props
}: DebouncedSearchInputProps) {
  const [text, setText] = useState(value);
  const [shown, setShown] = useState(value);
  const report = useDebouncedCallback(onSearch, delay);

  // The search changed from outside (back/forward, a link): show it.
  if (value !== shown) {
    setShown(value);
    setText(value);
  }

  return (
    <TextInput
      type="search"
      leftSection={<IconSearch size={16} aria-hidden />}
      rightSection={
        text === '' ? null : (
          <CloseButton
            size="sm"
            aria-label={clearLabel}
            onClick={() => {
              report.cancel();
              setText('');
              onSearch('');
            }}
          />
        )
      }
      {...props}
      value={text}
      onChange={(event) => {
        setText(event.currentTarget.value);
        report(event.currentTarget.value);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Enter') report.flush();
      }}
    />
  );
}
