import { COUNTRY_CODES } from '@cuspid/contracts/companies';
import { type CreditSettings, creditSettingsUpdateSchema } from '@cuspid/contracts/packages';
import {
  Button,
  Card,
  Checkbox,
  Container,
  Grid,
  Group,
  NativeSelect,
  NumberInput,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconDental, IconReceipt } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { QueryState } from '../../../components/query-state';
import { UnsavedChangesGuard } from '../../../components/unsaved-changes-guard';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useCreditSettings, useSaveCreditSettings } from '../api/packages';
import { CasePrice } from '../components/case-price';
import { packageFormErrors } from '../components/package-messages';
import { ToothChart, type ToothSelection } from '../components/tooth-chart';
import { packagePaths } from '../paths';

type Values = {
  recalculation_factor: number | string;
  default_upper_tooth_credits: number | string;
  default_lower_tooth_credits: number | string;
};

const toValues = (settings: CreditSettings): Values => ({
  recalculation_factor: settings.recalculation_factor,
  default_upper_tooth_credits: settings.default_upper_tooth_credits,
  default_lower_tooth_credits: settings.default_lower_tooth_credits,
});

const asNumber = (value: number | string) => (value === '' ? undefined : Number(value));
const toBody = (values: Values) => ({
  recalculation_factor: asNumber(values.recalculation_factor),
  default_upper_tooth_credits: asNumber(values.default_upper_tooth_credits),
  default_lower_tooth_credits: asNumber(values.default_lower_tooth_credits),
});
const required = creditSettingsUpdateSchema.required();

function SettingsForm({ settings }: { settings: CreditSettings }) {
  const { t } = useTranslation(['packages', 'common']);
  const save = useSaveCreditSettings();
  const form = useForm<Values>({
    initialValues: toValues(settings),
    validate: (values) => packageFormErrors(t, required, toBody(values)),
  });

  const handleSubmit = form.onSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync(required.parse(toBody(values)));
      form.resetDirty(toValues(saved));
      notifySuccess(t('settings.saved'));
    } catch (error) {
      notifyError(error, form);
    }
  });

  return (
    <form onSubmit={handleSubmit} noValidate data-testid="credit-settings-form">
      <UnsavedChangesGuard when={form.isDirty() && !save.isPending} />
      <Stack gap="md">
        <NumberInput
          label={t('fields.recalculationFactor')}
          description={t('settings.factorHint')}
          required
          min={0}
          max={10}
          step={0.05}
          decimalScale={2}
          allowNegative={false}
          {...form.getInputProps('recalculation_factor')}
        />
        <NumberInput
          label={t('fields.defaultUpperToothCredits')}
          description={t('settings.defaultsHint')}
          required
          min={0}
          allowDecimal={false}
          allowNegative={false}
          {...form.getInputProps('default_upper_tooth_credits')}
        />
        <NumberInput
          label={t('fields.defaultLowerToothCredits')}
          required
          min={0}
          allowDecimal={false}
          allowNegative={false}
          {...form.getInputProps('default_lower_tooth_credits')}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            {t('form.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** A price check: pick teeth and a country, see what the server's pricing function makes of them. */
function PriceCalculator() {
  const { t, i18n } = useTranslation(['packages', 'common']);
  const names = useMemo(() => new Intl.DisplayNames([i18n.language], { type: 'region' }), [i18n.language]);
  const [teeth, setTeeth] = useState<ToothSelection>({ upper: [], lower: [] });
  const [country, setCountry] = useState<string>('DE');
  const [recalculation, setRecalculation] = useState(false);
  return (
    <Stack gap="md" data-testid="price-calculator">
      <Group align="flex-end" gap="md">
        <NativeSelect
          label={t('fields.country')}
          value={country}
          onChange={(event) => setCountry(event.currentTarget.value)}
          data={COUNTRY_CODES.map((code) => ({ value: code, label: `${names.of(code) ?? code} (${code})` }))}
          w={260}
          data-testid="price-calculator-country"
        />
        <Checkbox
          label={t('calculator.recalculation')}
          checked={recalculation}
          onChange={(event) => setRecalculation(event.currentTarget.checked)}
        />
      </Group>
      <ToothChart value={teeth} onChange={setTeeth} />
      <CasePrice upperTeeth={teeth.upper} lowerTeeth={teeth.lower} recalculation={recalculation} country={country} />
    </Stack>
  );
}

/** /credit-settings (backoffice-package): the recalculation factor, the default tooth costs and a price check. */
export function CreditSettingsPage() {
  const { t } = useTranslation(['packages', 'common']);
  const settings = useCreditSettings();
  return (
    <Container size="lg" px={0}>
      <Stack gap="lg" data-testid="credit-settings-page">
        <PageHeader
          title={t('settings.title')}
          description={t('settings.intro')}
          actions={
            <>
              <Button
                variant="light"
                component={Link}
                to={packagePaths.packages}
                leftSection={<IconReceipt size={16} aria-hidden />}
              >
                {t('links.packages')}
              </Button>
              <Button
                variant="light"
                component={Link}
                to={packagePaths.countryCredits}
                leftSection={<IconDental size={16} aria-hidden />}
              >
                {t('links.countryCredits')}
              </Button>
            </>
          }
        />
        <Grid>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Card withBorder radius="lg" padding="lg">
              <Title order={2} size="h4" mb="sm">
                {t('settings.formTitle')}
              </Title>
              <QueryState query={settings} failure="alert" skeletonHeight={240}>
                {(data) => <SettingsForm key={data.updated_at} settings={data} />}
              </QueryState>
            </Card>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Card withBorder radius="lg" padding="lg">
              <Title order={2} size="h4">
                {t('calculator.title')}
              </Title>
              <Text size="sm" c="dimmed" mb="sm">
                {t('calculator.intro')}
              </Text>
              <PriceCalculator />
            </Card>
          </Grid.Col>
        </Grid>
      </Stack>
    </Container>
  );
}
