import type { FlagKind, FlagRecordType, FlagRef } from '@cuspid/contracts/flags';
import {
  ColorSwatch,
  type ComboboxItem,
  Group,
  MultiSelect,
  type MultiSelectProps,
  NativeSelect,
  type NativeSelectProps,
  Select,
  type SelectProps,
  Text,
} from '@mantine/core';
import { useMemo } from 'react';
import { useFlagOptions } from '../api/flags';

/**
 * The definitions of one kind for a record type, as choices; `current` (what a record already
 * carries) is always among them, even beyond the first 100 definitions.
 */
export function useLabelChoices(kind: FlagKind, type: FlagRecordType, current: FlagRef[] = []) {
  const options = useFlagOptions(kind, type);
  return useMemo(() => {
    const refs = new Map<string, FlagRef>();
    for (const f of options.data?.data ?? []) refs.set(f.id, { id: f.id, name: f.name, colour: f.colour });
    for (const f of current) if (!refs.has(f.id)) refs.set(f.id, f);
    const data: ComboboxItem[] = [...refs.values()].map((f) => ({ value: f.id, label: f.name }));
    return { data, colourOf: (id: string) => refs.get(id)?.colour, isLoading: options.isLoading };
  }, [options.data, options.isLoading, current]);
}

function optionWithSwatch(colourOf: (id: string) => string | undefined) {
  return ({ option }: { option: ComboboxItem }) => (
    <Group gap="xs" wrap="nowrap">
      <ColorSwatch color={colourOf(option.value) ?? 'transparent'} size={12} aria-hidden />
      <Text size="sm">{option.label}</Text>
    </Group>
  );
}

type FlagSelectProps = Omit<SelectProps, 'data' | 'value' | 'onChange'> & {
  type: FlagRecordType;
  value?: string | null;
  onChange?: (value: string | null) => void;
  current?: FlagRef | null;
};

/** One flag (or none) for a record. */
export function FlagSelect({ type, value, onChange, current, ...props }: FlagSelectProps) {
  const currentList = useMemo(() => (current ? [current] : []), [current]);
  const { data, colourOf } = useLabelChoices('flag', type, currentList);
  const colour = value ? colourOf(value) : undefined;
  return (
    <Select
      data={data}
      value={value}
      onChange={onChange}
      clearable
      searchable
      renderOption={optionWithSwatch(colourOf)}
      leftSection={colour ? <ColorSwatch color={colour} size={14} aria-hidden /> : undefined}
      {...props}
    />
  );
}

type TagMultiSelectProps = Omit<MultiSelectProps, 'data' | 'value' | 'onChange'> & {
  type: FlagRecordType;
  value?: string[];
  onChange?: (value: string[]) => void;
  current?: FlagRef[];
};

/** Any number of tags for a record. */
export function TagMultiSelect({ type, value, onChange, current, ...props }: TagMultiSelectProps) {
  const { data, colourOf } = useLabelChoices('tag', type, current);
  return (
    <MultiSelect
      data={data}
      value={value}
      onChange={onChange}
      searchable
      clearable
      renderOption={optionWithSwatch(colourOf)}
      {...props}
    />
  );
}

type FlagFilterSelectProps = Omit<NativeSelectProps, 'data' | 'value' | 'onChange'> & {
  kind: FlagKind;
  type: FlagRecordType;
  value: string;
  onChange: (value: string) => void;
  allLabel: string;
};

/** A list filter: every record, or those carrying one flag (or tag). */
export function FlagFilterSelect({ kind, type, value, onChange, allLabel, ...props }: FlagFilterSelectProps) {
  const { data } = useLabelChoices(kind, type);
  return (
    <NativeSelect
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      data={[{ value: '', label: allLabel }, ...data]}
      {...props}
    />
  );
}
