import { CASE_ROUTES, type Case, type CaseJaw, type Jaw, type ScanQuality } from '@cuspid/contracts/cases';
import { Alert, Badge, Button, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { IconArrowBackUp, IconDownload, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useFormat } from '../../../lib/use-format';
import { downloadFile, useJawAction } from '../api/cases';
import { JawStatusIcon } from './case-status-badge';
import { usePlainNumber } from './use-plain-number';

/**
 * The holes of a report: boundary loops other than the scan's border. Reports made before the border was told apart
 * (no `border_edges`) counted the border (the open base) as a hole too.
 */
export function realHoles(quality: ScanQuality): number {
  if (quality.border_edges !== undefined) return quality.holes;
  return quality.boundary_edges > 0 ? Math.max(0, quality.holes - 1) : quality.holes;
}

/** A jaw's quality report; "check" marks what needs a look (the border, the open base, does not). */
export function QualityTable({ quality }: { quality: ScanQuality }) {
  const { t } = useTranslation('cases');
  const count = usePlainNumber();
  const mm = (value: number) => count(value, 1);
  const [x = 0, y = 0, z = 0] = quality.bounding_box.size;
  const holes = realHoles(quality);
  const repaired =
    quality.holes_filled === undefined || holes === 0
      ? ''
      : [
          t('quality.holesFilled', { count: quality.holes_filled }),
          quality.holes_too_large
            ? t('quality.holesTooLarge', { count: quality.holes_too_large, max: quality.max_filled_hole_edges })
            : '',
        ]
          .filter(Boolean)
          .join(', ');
  const border: [string, string][] =
    quality.border_edges === undefined
      ? []
      : [
          [
            t('quality.border'),
            quality.border_edges
              ? t('quality.borderValue', {
                  edges: count(quality.border_edges),
                  length: count(quality.border_length ?? 0, 1),
                })
              : t('quality.noBorder'),
          ],
        ];
  const rows: [string, string, boolean?][] = [
    [t('quality.format'), quality.format.toUpperCase()],
    [t('quality.triangles'), count(quality.triangles)],
    [t('quality.vertices'), count(quality.vertices)],
    [t('quality.boundingBox'), t('quality.mm3', { x: mm(x), y: mm(y), z: mm(z) })],
    // In the jaw's anatomical frame (ADR 0117): the same for any scanner's axes.
    ...(quality.frame
      ? ([
          [
            t('quality.anatomicalSize'),
            t('quality.mm3', {
              x: mm(quality.frame.size[0] ?? 0),
              y: mm(quality.frame.size[1] ?? 0),
              z: mm(quality.frame.size[2] ?? 0),
            }),
          ],
        ] as [string, string][])
      : []),
    [t('quality.surfaceArea'), t('quality.mm2', { value: count(quality.surface_area, 1) })],
    ...border,
    [t('quality.holes'), repaired ? `${count(holes)} · ${repaired}` : count(holes), holes > 0],
    [t('quality.nonManifold'), count(quality.non_manifold_edges), quality.non_manifold_edges > 0],
    [t('quality.duplicateFaces'), count(quality.duplicate_faces), quality.duplicate_faces > 0],
    [t('quality.degenerateFaces'), count(quality.degenerate_faces), quality.degenerate_faces > 0],
  ];
  return (
    <Table withRowBorders={false} verticalSpacing={2} captionSide="top" data-testid="jaw-quality">
      <Table.Caption>{t('quality.title')}</Table.Caption>
      <Table.Tbody>
        {rows.map(([label, value, warn]) => (
          <Table.Tr key={label}>
            <Table.Th scope="row" fw={400} c="dimmed">
              {label}
            </Table.Th>
            <Table.Td>
              <Group gap={6}>
                {value}
                {warn && (
                  <Badge size="xs" color="orange" variant="light">
                    {t('quality.check')}
                  </Badge>
                )}
              </Group>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

type CaseJawCardProps = {
  item: Pick<Case, 'id' | 'name'>;
  jaw: Jaw;
  scan: CaseJaw | undefined;
  /** Delete and restore are offered (backoffice-case-instance-delete, not while processing). */
  mayChange: boolean;
};

/** One jaw's scan: its upload status, quality report, download, and delete or restore. */
export function CaseJawCard({ item, jaw, scan, mayChange }: CaseJawCardProps) {
  const { t } = useTranslation('cases');
  const format = useFormat();
  const action = useJawAction();
  const [downloading, setDownloading] = useState(false);

  const handleDownload = async () => {
    if (!scan) return;
    setDownloading(true);
    try {
      await downloadFile(CASE_ROUTES.jawFile(item.id, jaw), scan.file_name);
    } catch (error) {
      notifyError(error);
    } finally {
      setDownloading(false);
    }
  };

  const handleChange = async (restore: boolean) => {
    try {
      await action.mutateAsync({ id: item.id, jaw, restore });
      notifySuccess(restore ? t('jaws.restored') : t('jaws.deleted'));
    } catch (error) {
      notifyError(error);
    }
  };

  return (
    <Card withBorder radius="lg" padding="md" data-testid={`jaw-card-${jaw}`}>
      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={3} size="h5">
            {t(`jaws.${jaw}`)}
          </Title>
          {scan && <JawStatusIcon jaw={scan} />}
        </Group>
        {!scan ? (
          <Text size="sm" c="dimmed">
            {t('jaws.none')}
          </Text>
        ) : (
          <>
            <Text size="sm">
              {scan.file_name}{' '}
              <Text span c="dimmed" size="sm">
                ({format.fileSize(scan.size)})
              </Text>
            </Text>
            <Text size="sm" data-testid={`jaw-${jaw}-status-text`}>
              {scan.deleted_at
                ? t('jaws.deletedOn', { date: format.date(scan.deleted_at, true) })
                : t(`uploadStatus.${scan.status}`)}
            </Text>
            {scan.unsupported_reason && (
              <Alert color="orange" p="xs">
                {scan.unsupported_reason}
              </Alert>
            )}
            {scan.quality ? (
              <QualityTable quality={scan.quality} />
            ) : (
              <Text size="sm" c="dimmed">
                {t('quality.none')}
              </Text>
            )}
            <Group gap="xs">
              {!scan.deleted_at && (
                <Button
                  size="xs"
                  variant="light"
                  leftSection={<IconDownload size={14} aria-hidden />}
                  loading={downloading}
                  onClick={() => void handleDownload()}
                  aria-label={t('jaws.download', { jaw: t(`jaws.${jaw}`) })}
                >
                  {t('actions.download')}
                </Button>
              )}
              {mayChange &&
                (scan.deleted_at ? (
                  <Button
                    size="xs"
                    variant="default"
                    leftSection={<IconArrowBackUp size={14} aria-hidden />}
                    loading={action.isPending}
                    onClick={() => void handleChange(true)}
                    data-testid={`jaw-${jaw}-restore`}
                  >
                    {t('jaws.restore')}
                  </Button>
                ) : (
                  <Button
                    size="xs"
                    variant="subtle"
                    color="red"
                    leftSection={<IconTrash size={14} aria-hidden />}
                    loading={action.isPending}
                    onClick={() => void handleChange(false)}
                    data-testid={`jaw-${jaw}-delete`}
                  >
                    {t('jaws.delete')}
                  </Button>
                ))}
            </Group>
          </>
        )}
      </Stack>
    </Card>
  );
}
