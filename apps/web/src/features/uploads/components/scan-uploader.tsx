import '@mantine/dropzone/styles.css';
import { DEFAULT_UPLOAD_MAX_BYTES, type Jaw, UPLOAD_ROUTES, type Upload } from '@cuspid/contracts/uploads';
import { ActionIcon, Alert, Button, Group, Progress, SegmentedControl, Stack, Text, Tooltip } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { IconPlayerPause, IconPlayerPlay, IconTrash, IconUpload } from '@tabler/icons-react';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, api } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/notify';
import { sessionStore } from '../../../lib/session';
import { useFormat } from '../../../lib/use-format';
import { useUploadLimit } from '../api/upload-limit';
import { findInterruptedUploads, forgetInterruptedUpload, type InterruptedUpload } from '../lib/interrupted-uploads';
import { isAcceptedFile, isDcm, isZip, SCAN_FILE_EXTENSIONS, sizeProblem } from '../lib/scan-files';
import { planScans, type UnusedReason } from '../lib/scan-guess';
import { sha256OfFile } from '../lib/sha256';
import type { TusHandle } from '../lib/tus-upload';
import { extractScans } from '../lib/zip';

export type ScanUploadStatus = 'uploading' | 'paused' | 'verifying' | 'verified' | 'failed' | 'rejected';

/** What the uploader reports to its parent for each file. */
export type ScanUploadState = {
  jaw: Jaw;
  uploadId: string | null;
  fileName: string;
  size: number;
  status: ScanUploadStatus;
};

type Item = Omit<ScanUploadState, 'status'> & {
  /** `unused`: listed (a file of a ZIP, or set aside) but not uploaded, for `reason`; not reported to the parent. */
  status: ScanUploadStatus | 'unused';
  reason: UnusedReason | null;
  key: string;
  file: File;
  /** What identifies the file across page reloads (tus-js-client's resume fingerprint). */
  fingerprint: string;
  bytesSent: number;
  error: string | null;
  handle: TusHandle | null;
};

export type ScanUploaderProps = {
  onChange(uploads: ScanUploadState[]): void;
  /** The largest file taken, checked before a byte is sent (default: the server's UPLOAD_MAX_BYTES, asked with OPTIONS). */
  maxBytes?: number;
  disabled?: boolean;
};

const MAX_FILES = 2;
const isUsed = (item: Item) => item.status !== 'rejected' && item.status !== 'unused';
const fingerprintOf = (file: File) => `${file.name}:${file.size}:${file.lastModified}`;

/** Whether a `.dcm` file is 3Shape's (not a DICOM image, also `.dcm`): its first bytes tell. */
async function isThreeShapeDcm(file: File): Promise<boolean> {
  const { isDcmFile } = await import('@cuspid/mesh');
  return isDcmFile(new Uint8Array(await file.slice(0, 4096).arrayBuffer()), file.name);
}

/**
 * The scan files picked: ZIPs opened and their scans taken out, anything else refused by name (3Shape's DCM files
 * apart: they need another export, not another file).
 */
export async function expandPicked(
  files: readonly File[],
): Promise<{ scans: { file: File; fingerprint: string }[]; refused: string[]; dcm: string[] }> {
  const scans: { file: File; fingerprint: string }[] = [];
  // The other files of a ZIP (a readme, a photo) are named too: nothing it holds is left out silently.
  const refused: string[] = [];
  const dcm: string[] = [];
  for (const file of files) {
    if (isDcm(file.name) && (await isThreeShapeDcm(file))) dcm.push(file.name);
    else if (!isAcceptedFile(file.name)) refused.push(file.name);
    else if (isZip(file.name)) {
      for (const scan of await extractScans(file, refused)) {
        scans.push({ file: scan, fingerprint: `${fingerprintOf(file)}/${scan.name}` });
      }
    } else scans.push({ file, fingerprint: fingerprintOf(file) });
  }
  return { scans, refused, dcm };
}

/**
 * Confirms the upload with the browser's sha256. The server stores the file right after its last byte;
 * if the answer to that byte was lost and tus learnt the end from a HEAD, the file may still be on its
 * way into storage (409 UPLOAD_NOT_STORED): asked again a few times.
 */
async function completeUpload(uploadId: string, sha256: string): Promise<Upload> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await api.post<Upload>('api', UPLOAD_ROUTES.complete(uploadId), { sha256 });
    } catch (error) {
      if (!(error instanceof ApiError && error.code === 'UPLOAD_NOT_STORED') || attempt >= 10) throw error;
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }
}

/**
 * The scans of a new case (upper and lower jaw): dropped or picked (.stl .ply .obj, or a ZIP holding
 * them), each assigned a jaw (guessed from its name, changeable), checked for size, uploaded resumably
 * (tus, chunked, retried; picking the same file after a reload continues where it stopped) while its
 * sha256 is computed in the browser, then confirmed with the server's. The heavy parts (tus client,
 * ZIP reader, hasher) load only when a file is picked.
 */
export function ScanUploader({ onChange, maxBytes: givenMaxBytes, disabled }: ScanUploaderProps) {
  // The server's own limit (UPLOAD_MAX_BYTES), unless the caller names one; the default until it answers.
  const serverLimit = useUploadLimit(givenMaxBytes === undefined).data;
  const maxBytes = givenMaxBytes ?? serverLimit ?? DEFAULT_UPLOAD_MAX_BYTES;
  const { t } = useTranslation('uploads');
  const { t: tError } = useTranslation('errors');
  const bytes = useFormat().fileSize;
  const [items, setItems] = useState<Item[]>([]);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const itemsRef = useRef(items);
  itemsRef.current = items;
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const hintId = useId();

  const update = useCallback((key: string, patch: Partial<Item>) => {
    setItems((current) => current.map((item) => (item.key === key ? { ...item, ...patch } : item)));
  }, []);

  useEffect(() => {
    onChangeRef.current(
      items.flatMap(({ jaw, uploadId, fileName, size, status }) =>
        status === 'unused' ? [] : [{ jaw, uploadId, fileName, size, status }],
      ),
    );
  }, [items]);

  // Leaving the page pauses the uploads (tus keeps their URLs: picking the files again continues them).
  useEffect(
    () => () => {
      for (const item of itemsRef.current) item.handle?.pause();
    },
    [],
  );

  /**
   * What a failed upload says on its file: the server's refusal in its words (the file is no scan, too large…; a
   * proxy's 413 without them is the size too), else that picking the file again continues it.
   */
  const problemOf = useCallback(
    (error: ApiError) => {
      if (error.status >= 400 && error.status < 500 && error.body.code) return errorMessage(error);
      if (error.status === 413) return sizeProblem(Infinity, maxBytes, tError, bytes);
      return t('uploadFailed');
    },
    [bytes, maxBytes, t, tError],
  );

  const upload = useCallback(
    async (item: Item) => {
      const hashing = sha256OfFile(item.file);
      hashing.catch(() => {}); // awaited below; an early failure must not go unhandled meanwhile
      const { startTusUpload } = await import('../lib/tus-upload');
      const handle = await startTusUpload(item.file, {
        fingerprint: item.fingerprint,
        callbacks: {
          onProgress: (sent) => update(item.key, { bytesSent: sent }),
          onError: (error, uploadId) => update(item.key, { status: 'failed', uploadId, error: problemOf(error) }),
          onSuccess: async (uploadId) => {
            update(item.key, { uploadId, status: 'verifying', bytesSent: item.size });
            try {
              const sha256 = await hashing;
              const verified = await completeUpload(uploadId, sha256);
              update(item.key, { status: verified.status === 'verified' ? 'verified' : 'failed', error: null });
            } catch (error) {
              update(item.key, { status: 'failed', error: errorMessage(error) });
            }
          },
        },
      });
      update(item.key, { handle });
    },
    [problemOf, update],
  );

  const pick = useCallback(
    async (files: File[]) => {
      setNotice(null);
      setBusy(true);
      try {
        const { scans, refused, dcm } = await expandPicked(files);
        const kept = itemsRef.current.filter(isUsed);
        const messages: string[] = [];
        if (refused.length) messages.push(t('refused', { names: refused.join(', ') }));
        if (dcm.length) messages.push(t('refusedDcm', { names: dcm.join(', '), reason: tError('UPLOAD_SCAN_DCM') }));
        if (scans.length === 0 && !refused.length && !dcm.length) messages.push(t('noScansInZip'));
        // Every scan is listed: with the jaw its name fits, or as not used with the reason (never dropped unsaid).
        const plans = planScans(
          scans.map((s) => s.file.name),
          kept.map((item) => ({ name: item.fileName, jaw: item.jaw })),
        );
        const added: Item[] = scans.map(({ file, fingerprint }, index) => {
          const plan = plans[index]!;
          const problem = plan.jaw ? sizeProblem(file.size, maxBytes, tError, bytes) : null;
          return {
            key: `${fingerprint}#${Date.now()}#${index}`,
            file,
            fingerprint,
            jaw: plan.jaw ?? (plan.guess.kind === 'jaw' ? plan.guess.jaw : 'upper'),
            reason: plan.reason,
            uploadId: null,
            fileName: file.name,
            size: file.size,
            status: !plan.jaw ? 'unused' : problem ? 'rejected' : 'uploading',
            bytesSent: 0,
            error: problem,
            handle: null,
          };
        });
        setNotice(messages.join(' ') || null);
        setItems([...kept, ...added]);
        for (const item of added) if (item.status === 'uploading') void upload(item);
      } catch (error) {
        setNotice(t('zipFailed', { message: error instanceof Error ? error.message : String(error) }));
      } finally {
        setBusy(false);
      }
    },
    [bytes, maxBytes, t, tError, upload],
  );

  const pause = (item: Item) => {
    item.handle?.pause();
    update(item.key, { status: 'paused' });
  };
  const resume = (item: Item) => {
    item.handle?.resume();
    update(item.key, { status: 'uploading' });
  };
  /** Stops a file's upload (or removes what the server has of it). */
  const discardUpload = (item: Item) => {
    if (item.status === 'uploading' || item.status === 'paused') void item.handle?.cancel().catch(() => {});
    else if (item.uploadId && isUsed(item)) {
      void api.delete('api', UPLOAD_ROUTES.upload(item.uploadId)).catch(() => {});
    }
  };
  const remove = (item: Item) => {
    discardUpload(item);
    setItems((current) => current.filter((other) => other.key !== item.key));
  };
  const setAside = (item: Item, reason: UnusedReason): Partial<Item> => {
    discardUpload(item);
    return { status: 'unused', reason, uploadId: null, bytesSent: 0, error: null, handle: null };
  };

  /**
   * The user's choice of a file's jaw, or `none` to leave it out. Never two files for one jaw: a used file taking the
   * other's jaw swaps with it; a file not used taking a jaw sets the file that had it aside (its upload stopped),
   * saying which file took its place.
   */
  const choose = (item: Item, value: Jaw | 'none') => {
    if (value === 'none') {
      if (isUsed(item)) update(item.key, setAside(item, { code: 'userChoice' }));
      return;
    }
    if (item.status === 'rejected') return void update(item.key, { jaw: value });
    if (value === item.jaw && isUsed(item)) return;
    const holder = items.find((other) => other.key !== item.key && isUsed(other) && other.jaw === value);
    if (isUsed(item)) {
      update(item.key, { jaw: value });
      if (holder) update(holder.key, { jaw: item.jaw });
      return;
    }
    if (holder) update(holder.key, setAside(holder, { code: 'jawTaken', jaw: value, by: item.fileName }));
    const problem = sizeProblem(item.size, maxBytes, tError, bytes);
    const started: Item = {
      ...item,
      jaw: value,
      reason: null,
      status: problem ? 'rejected' : 'uploading',
      error: problem,
      bytesSent: 0,
      uploadId: null,
      handle: null,
    };
    update(item.key, started);
    if (!problem) void upload(started);
  };

  /** Why a file is not used, in words. */
  const unusedText = (reason: UnusedReason | null) => {
    if (!reason || reason.code === 'userChoice') return t('unused.userChoice');
    if (reason.code === 'otherScan') return t('unused.otherScan', { scan: t(`scanKind.${reason.scan}`) });
    if (reason.code === 'jawTaken') return t('unused.jawTaken', { by: reason.by, jaw: t(`jawInText.${reason.jaw}`) });
    return t('unused.noJawFree');
  };

  const full = items.filter(isUsed).length >= MAX_FILES;

  // Uploads a reload interrupted: said before a file is picked; picking the same file continues it.
  const [interrupted, setInterrupted] = useState(() =>
    findInterruptedUploads(sessionStore.get()?.token_info.user.mail ?? ''),
  );
  const picked = new Set(items.map((item) => `${item.fileName}|${item.size}`));
  const waiting = interrupted.filter((upload) => !picked.has(`${upload.fileName}|${upload.size}`));
  const discard = (upload: InterruptedUpload) => {
    forgetInterruptedUpload(upload.storageKey);
    setInterrupted((current) => current.filter((other) => other.storageKey !== upload.storageKey));
  };

  return (
    <Stack gap="sm">
      <Dropzone
        onDrop={(files) => void pick(files)}
        onReject={(rejections) => void pick(rejections.map((r) => r.file))}
        accept={{ 'application/octet-stream': [...SCAN_FILE_EXTENSIONS], 'application/zip': ['.zip'] }}
        disabled={disabled || full}
        loading={busy}
        aria-label={t('dropLabel')}
        aria-describedby={hintId}
        inputProps={{ 'aria-label': t('fileInput') }}
        activateOnKeyboard
      >
        <Group justify="center" gap="md" mih={100} style={{ pointerEvents: 'none' }}>
          <IconUpload size={36} stroke={1.5} aria-hidden />
          <div>
            <Text size="lg">{t('dropTitle')}</Text>
            <Text size="sm" c="dimmed" id={hintId}>
              {t('dropHint', { extensions: SCAN_FILE_EXTENSIONS.join(' '), limit: bytes(maxBytes) })}
            </Text>
          </div>
        </Group>
      </Dropzone>
      {notice && (
        <Alert color="yellow" role="status">
          {notice}
        </Alert>
      )}
      {waiting.length > 0 && (
        <Alert color="blue" role="status" title={t('interrupted.title')} data-testid="interrupted-uploads">
          <Stack gap={4}>
            <Text size="sm">{t('interrupted.hint')}</Text>
            {waiting.map((upload) => (
              <Group key={upload.storageKey} justify="space-between" wrap="nowrap">
                <Text size="sm" fw={500} truncate="end" title={upload.fileName}>
                  {t('interrupted.file', { name: upload.fileName, size: bytes(upload.size) })}
                </Text>
                <Button
                  size="compact-sm"
                  variant="default"
                  onClick={() => discard(upload)}
                  aria-label={t('interrupted.discardFile', { name: upload.fileName })}
                >
                  {t('interrupted.discard')}
                </Button>
              </Group>
            ))}
          </Stack>
        </Alert>
      )}
      {items.map((item) => {
        const percent = item.size ? Math.floor((item.bytesSent / item.size) * 100) : 0;
        const active = item.status === 'uploading' || item.status === 'paused';
        return (
          <Stack
            key={item.key}
            gap={6}
            p="sm"
            bd="1px solid var(--mantine-color-default-border)"
            style={{ borderRadius: 8 }}
          >
            <Group justify="space-between" wrap="nowrap">
              <Text fw={500} truncate="end" title={item.fileName}>
                {item.fileName}
              </Text>
              <Group gap="xs" wrap="nowrap">
                <SegmentedControl
                  size="xs"
                  aria-label={t('jawFor', { name: item.fileName })}
                  value={item.status === 'unused' ? 'none' : item.jaw}
                  onChange={(value) => choose(item, value as Jaw | 'none')}
                  data={[
                    { value: 'upper', label: t('jaw.upper') },
                    { value: 'lower', label: t('jaw.lower') },
                    { value: 'none', label: t('jaw.none') },
                  ]}
                />
                {item.status === 'uploading' && (
                  <Tooltip label={t('pause')}>
                    <ActionIcon
                      variant="subtle"
                      aria-label={t('pauseFile', { name: item.fileName })}
                      onClick={() => pause(item)}
                    >
                      <IconPlayerPause size={18} />
                    </ActionIcon>
                  </Tooltip>
                )}
                {item.status === 'paused' && (
                  <Tooltip label={t('resume')}>
                    <ActionIcon
                      variant="subtle"
                      aria-label={t('resumeFile', { name: item.fileName })}
                      onClick={() => resume(item)}
                    >
                      <IconPlayerPlay size={18} />
                    </ActionIcon>
                  </Tooltip>
                )}
                <Tooltip label={t('remove')}>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={t('removeFile', { name: item.fileName })}
                    onClick={() => remove(item)}
                  >
                    <IconTrash size={18} />
                  </ActionIcon>
                </Tooltip>
              </Group>
            </Group>
            {isUsed(item) && (
              <Progress
                value={percent}
                animated={item.status === 'uploading'}
                color={item.status === 'failed' ? 'red' : item.status === 'verified' ? 'teal' : undefined}
                aria-label={t('progressFor', { name: item.fileName })}
              />
            )}
            <Text size="sm" c={item.error ? 'red' : 'dimmed'} role={item.error ? 'alert' : undefined}>
              {item.error ??
                (item.status === 'unused'
                  ? unusedText(item.reason)
                  : active
                    ? t(item.status === 'paused' ? 'progressPaused' : 'progress', {
                        sent: bytes(item.bytesSent),
                        total: bytes(item.size),
                        percent,
                      })
                    : t(`status.${item.status}`, { total: bytes(item.size) }))}
            </Text>
          </Stack>
        );
      })}
    </Stack>
  );
}
