import '@mantine/dates/styles.css';
import { DateInput, type DateInputProps, DatesProvider } from '@mantine/dates';
import dayjs from 'dayjs';
import 'dayjs/locale/de';
import 'dayjs/locale/es';
import 'dayjs/locale/fr';
import 'dayjs/locale/tr';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import { useTranslation } from 'react-i18next';

dayjs.extend(customParseFormat);

/** The ISO day every date field reads and writes, as the server and the URL carry it. */
const ISO_DAY = 'YYYY-MM-DD';
/** A `datetime-local` value (the user's time zone), as the forms keep a moment. */
const LOCAL_MOMENT = 'YYYY-MM-DDTHH:mm';
/** How Mantine's DateInput holds a moment. */
const MANTINE_MOMENT = 'YYYY-MM-DD HH:mm:ss';

/**
 * How a date reads and is typed per UI language (ADR 0125): the numeric short date of the language's Intl
 * locale (as `Intl.DateTimeFormat(language)` writes it), the dayjs locale that names its months and weekdays,
 * and the first day of its week.
 */
export const DATE_FIELD_LOCALES: Record<
  string,
  { dayjs: string; format: string; timeFormat: string; firstDayOfWeek: 0 | 1 }
> = {
  en: { dayjs: 'en', format: 'MM/DD/YYYY', timeFormat: 'h:mm A', firstDayOfWeek: 0 },
  de: { dayjs: 'de', format: 'DD.MM.YYYY', timeFormat: 'HH:mm', firstDayOfWeek: 1 },
  fr: { dayjs: 'fr', format: 'DD/MM/YYYY', timeFormat: 'HH:mm', firstDayOfWeek: 1 },
  es: { dayjs: 'es', format: 'DD/MM/YYYY', timeFormat: 'HH:mm', firstDayOfWeek: 1 },
  tu: { dayjs: 'tr', format: 'DD.MM.YYYY', timeFormat: 'HH:mm', firstDayOfWeek: 1 },
};

export const dateFieldLocale = (language: string) => DATE_FIELD_LOCALES[language] ?? DATE_FIELD_LOCALES.en!;

/** The first of the formats `text` is written in, strictly, as `written`; null while it is none (incomplete). */
function parseTyped(text: string, formats: readonly string[], written: string): string | null {
  for (const format of formats) {
    const parsed = dayjs(text.trim(), format, true);
    if (parsed.isValid()) return parsed.format(written);
  }
  return null;
}

/** A typed day in the language's format, or as an ISO day (pasted from elsewhere); null while incomplete. */
export const parseTypedDay = (text: string, format: string) => parseTyped(text, [format, ISO_DAY], ISO_DAY);

/** A typed moment in the language's format, or as `YYYY-MM-DDTHH:mm`, as Mantine holds it; null while incomplete. */
export const parseTypedMoment = (text: string, format: string) =>
  parseTyped(text, [format, LOCAL_MOMENT, 'YYYY-MM-DD HH:mm'], MANTINE_MOMENT);

// The clear button names the field it empties (a bare icon button has no name for a screen reader).
const clearLabel = (t: (key: string, options: { label: string }) => string, label: DateInputProps['label']) =>
  t('common:actions.clearField', { label: typeof label === 'string' ? label : '' });

type DateFieldProps = Omit<DateInputProps, 'value' | 'onChange' | 'valueFormat' | 'dateParser' | 'locale'> & {
  /** The day as `YYYY-MM-DD`, or '' for none. */
  value: string;
  /** The chosen day as `YYYY-MM-DD`, or '' when cleared. */
  onChange: (value: string) => void;
};

/**
 * A Mantine date input in the user's chosen language, not the browser's: its own DatesProvider follows i18next, so
 * a language switch re-labels it at once. `withTime` picks what it holds: a day, or a day and time.
 */
function LocalizedDateInput({ value, onChange, withTime, ...props }: DateFieldProps & { withTime: boolean }) {
  const { t, i18n } = useTranslation();
  const locale = dateFieldLocale(i18n.resolvedLanguage ?? i18n.language);
  const format = withTime ? `${locale.format} ${locale.timeFormat}` : locale.format;
  const written = withTime ? LOCAL_MOMENT : ISO_DAY;
  return (
    <DatesProvider settings={{ locale: locale.dayjs, firstDayOfWeek: locale.firstDayOfWeek }}>
      <DateInput
        clearable
        withTime={withTime}
        {...props}
        clearButtonProps={{ 'aria-label': clearLabel(t, props.label) }}
        value={value ? (withTime ? dayjs(value).format(MANTINE_MOMENT) : value) : null}
        onChange={(picked) => onChange(picked ? dayjs(picked).format(written) : '')}
        valueFormat={format}
        dateParser={(text) => (withTime ? parseTypedMoment : parseTypedDay)(text, format)}
      />
    </DatesProvider>
  );
}

/**
 * A day, typed or picked from a calendar, in the user's chosen language, not the browser's: a native date input
 * writes the day, the months and the first weekday as the browser's locale does, whatever the app's language.
 */
export const DateField = (props: DateFieldProps) => <LocalizedDateInput {...props} withTime={false} />;

/**
 * A day and time in the user's chosen language, in place of a native `datetime-local` input (which follows the
 * browser's locale); its value stays the `datetime-local` string (`YYYY-MM-DDTHH:mm`, the user's time zone).
 */
export const DateTimeField = (props: DateFieldProps) => <LocalizedDateInput {...props} withTime />;
