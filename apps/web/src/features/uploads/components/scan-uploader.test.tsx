import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { zipSync } from 'fflate';
import { describe, expect, it, vi } from 'vitest';
import { i18n, setLanguage } from '../../../lib/i18n';
import { sessionStore } from '../../../lib/session';
import { loginResponse } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render-app';
import { findInterruptedUploads, scanFingerprintPrefix } from '../lib/interrupted-uploads';
import { sizeProblem } from '../lib/scan-files';
import { sha256OfFile } from '../lib/sha256';
import { extractScans } from '../lib/zip';
import { expandPicked, ScanUploader, type ScanUploadState } from './scan-uploader';

const bytes = (n: number, fill = 7) => new Uint8Array(n).fill(fill);
const encoder = new TextEncoder();

/**
 * The server's answer to a file's last byte, played by a stand-in for tus-js-client (the browser's tus client): it
 * takes every byte, then fails with the response the endpoint gave (uploads.scan-check.test.ts), as tus-js-client
 * does for a refusal it does not retry.
 */
const tusServer = vi.hoisted(() => ({
  lastByteAnswer: { status: 204, body: '' },
  uploadUrl: '/api/uploads/5f0c6a8e-0d1e-4c55-9a36-2f1f6a1c9b7e',
}));

vi.mock('tus-js-client', () => ({
  Upload: class {
    url: string | null = null;
    constructor(
      readonly file: File,
      readonly options: {
        onProgress?: (sent: number, total: number) => void;
        onSuccess?: () => void;
        onError?: (error: Error) => void;
      },
    ) {}
    findPreviousUploads = async () => [];
    resumeFromPreviousUpload() {}
    start() {
      this.url = tusServer.uploadUrl;
      this.options.onProgress?.(this.file.size, this.file.size);
      const { status, body } = tusServer.lastByteAnswer;
      if (status < 300) return void this.options.onSuccess?.();
      const error = new Error(`tus: unexpected response while uploading chunk, response code: ${status}`);
      this.options.onError?.(
        Object.assign(error, { originalResponse: { getStatus: () => status, getBody: () => body } }),
      );
    }
    abort = async () => {};
  },
}));

function scanZip(): File {
  const data = zipSync({
    '__MACOSX/scans/._UpperJaw.stl': bytes(40, 1),
    'scans/': new Uint8Array(0),
    'scans/UpperJaw.stl': encoder.encode('solid upper\nendsolid upper\n'),
    'scans/Mandible export.PLY': bytes(5000, 3),
    'scans/.hidden.stl': bytes(10, 2),
    'readme.txt': encoder.encode('not a scan'),
  });
  return new File([data as BlobPart], 'case 12.zip', { type: 'application/zip', lastModified: 1_700_000_000_000 });
}

const fileInput = (container: HTMLElement) => container.querySelector('input[type="file"]') as HTMLInputElement;

/** The drop area's file input, once the uploader's dictionary has loaded. */
async function input(container: HTMLElement) {
  await screen.findByText(/Drop the upper and lower jaw scans here/);
  return fileInput(container);
}

function renderUploader(maxBytes: number) {
  const onChange = vi.fn<(uploads: ScanUploadState[]) => void>();
  const utils = renderWithProviders(<ScanUploader onChange={onChange} maxBytes={maxBytes} />);
  const last = () => onChange.mock.calls.at(-1)?.[0] ?? [];
  return { ...utils, onChange, last };
}

describe('jaw guesses', () => {
  it('show the guess per file, changeable with the segmented control', async () => {
    const { container, last } = renderUploader(10);
    await userEvent.upload(await input(container), [
      new File([bytes(20)], 'Patient UK.stl'),
      new File([bytes(20)], 'Patient OK.stl'),
    ]);
    await screen.findByText('Patient UK.stl');
    const control = screen.getByLabelText('Jaw of Patient UK.stl');
    expect(within(control).getByRole('radio', { name: 'Lower jaw' })).toBeChecked();
    const upper = screen.getByLabelText('Jaw of Patient OK.stl');
    expect(within(upper).getByRole('radio', { name: 'Upper jaw' })).toBeChecked();
    await waitFor(() =>
      expect(last().map((u) => [u.fileName, u.jaw])).toEqual([
        ['Patient UK.stl', 'lower'],
        ['Patient OK.stl', 'upper'],
      ]),
    );
    fireEvent.click(within(control).getByRole('radio', { name: 'Upper jaw' }));
    await waitFor(() => expect(last()[0]?.jaw).toBe('upper'));
  });
});

describe('the size check', () => {
  it("says the server's message before a byte is sent", () => {
    const t = (key: string, params: Record<string, string>) => i18n.t(key, params);
    expect(sizeProblem(524_288_001, 524_288_000, t)).toBe('The file is larger than 500 MB');
    expect(sizeProblem(524_288_000, 524_288_000, t)).toBeNull();
  });

  it('refuses a file over the limit in the uploader, and uploads nothing', async () => {
    const fetchSpy = vi.fn();
    vi.stubGlobal('fetch', fetchSpy);
    const { container, last } = renderUploader(1024);
    await userEvent.upload(await input(container), [new File([bytes(2048)], 'upper.stl')]);
    expect(await screen.findByRole('alert')).toHaveTextContent('The file is larger than 1 KB');
    await waitFor(() =>
      expect(last()).toEqual([{ jaw: 'upper', uploadId: null, fileName: 'upper.stl', size: 2048, status: 'rejected' }]),
    );
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it("takes the server's limit (Tus-Max-Size of OPTIONS /api/uploads) when none is given", async () => {
    const fetchSpy = vi.fn(async (_url: RequestInfo | URL, init?: RequestInit) =>
      init?.method === 'OPTIONS'
        ? new Response(null, { status: 204, headers: { 'Tus-Max-Size': '2048', 'Tus-Resumable': '1.0.0' } })
        : new Response('{}', { status: 500 }),
    );
    vi.stubGlobal('fetch', fetchSpy);
    const onChange = vi.fn<(uploads: ScanUploadState[]) => void>();
    const { container } = renderWithProviders(<ScanUploader onChange={onChange} />);
    expect(await screen.findByText(/up to 2 KB/)).toBeInTheDocument();
    await userEvent.upload(await input(container), [new File([bytes(4096)], 'upper.stl')]);
    expect(await screen.findByRole('alert')).toHaveTextContent('The file is larger than 2 KB');
    expect(fetchSpy.mock.calls.map(([url, init]) => [String(url), init?.method])).toEqual([
      ['/api/uploads', 'OPTIONS'],
    ]);
  });

  it('names its file input, says sizes and refuses a file too large in French units', async () => {
    await setLanguage('fr', { remember: false });
    const fetchSpy = vi.fn(async (_url: RequestInfo | URL, init?: RequestInit) =>
      init?.method === 'OPTIONS'
        ? new Response(null, { status: 204, headers: { 'Tus-Max-Size': '2048', 'Tus-Resumable': '1.0.0' } })
        : new Response('{}', { status: 500 }),
    );
    vi.stubGlobal('fetch', fetchSpy);
    const { container } = renderWithProviders(<ScanUploader onChange={vi.fn()} />);
    expect(await screen.findByText(/2 Ko/)).toBeInTheDocument();
    expect(fileInput(container)).toHaveAccessibleName('Choisir des fichiers de scan');
    await userEvent.upload(fileInput(container), [new File([bytes(4096)], 'upper.stl')]);
    expect(await screen.findByRole('alert')).toHaveTextContent('2 Ko');
    expect(screen.getByRole('alert')).not.toHaveTextContent(/KB/);
  });

  it('refuses files that are no scans, by name', async () => {
    const { container } = renderUploader(10);
    // The drop area accepts by extension; what slips past (a dropped file) is refused with its name.
    await userEvent.upload(await input(container), [new File([bytes(5)], 'notes.pdf')], { applyAccept: false });
    expect(await screen.findByRole('status')).toHaveTextContent('Not a scan file: notes.pdf');
  });
});

describe('ZIP archives', () => {
  it('give their scans (.stl .ply .obj), without folders, __MACOSX or hidden files', async () => {
    const scans = await extractScans(scanZip());
    expect(scans.map((f) => [f.name, f.size])).toEqual([
      ['UpperJaw.stl', 27],
      ['Mandible export.PLY', 5000],
    ]);
    expect(new TextDecoder().decode(await scans[0]!.arrayBuffer())).toBe('solid upper\nendsolid upper\n');
    expect(new Uint8Array(await scans[1]!.arrayBuffer())).toEqual(bytes(5000, 3));
  });

  it('are opened when picked, each scan keeping a fingerprint of the archive for resuming', async () => {
    const zip = scanZip();
    const { scans, refused } = await expandPicked([zip]);
    // Its other files are named, not left out unsaid.
    expect(refused).toEqual(['readme.txt']);
    expect(scans.map((s) => s.fingerprint)).toEqual([
      `case 12.zip:${zip.size}:1700000000000/UpperJaw.stl`,
      `case 12.zip:${zip.size}:1700000000000/Mandible export.PLY`,
    ]);
  });

  it('list every scan of a ZIP with its guess: a bite scan is not taken for a jaw, and says why', async () => {
    const fetchSpy = vi.fn(async () => new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', fetchSpy);
    const zip = new File(
      [
        zipSync({
          'Case 7/2024-03-12_BiteScan.stl': bytes(30, 1),
          'Case 7/2024-03-12_UpperJaw.stl': bytes(20, 2),
          'Case 7/2024-03-12_LowerJaw.stl': bytes(25, 3),
          'Case 7/photo.jpg': bytes(5, 4),
        }) as BlobPart,
      ],
      'Case 7.zip',
    );
    const { container, last } = renderUploader(10_000);
    await userEvent.upload(await input(container), [zip]);
    await waitFor(() =>
      expect(last().map((u) => [u.fileName, u.jaw])).toEqual([
        ['2024-03-12_UpperJaw.stl', 'upper'],
        ['2024-03-12_LowerJaw.stl', 'lower'],
      ]),
    );
    const bite = screen.getByLabelText('Jaw of 2024-03-12_BiteScan.stl');
    expect(within(bite).getByRole('radio', { name: 'Not used' })).toBeChecked();
    expect(screen.getByText('Not used: its name says a bite scan, not a jaw scan of this case')).toBeInTheDocument();
    expect(
      within(screen.getByLabelText('Jaw of 2024-03-12_LowerJaw.stl')).getByRole('radio', { name: 'Lower jaw' }),
    ).toBeChecked();
    expect(screen.getByRole('status')).toHaveTextContent('Not a scan file: photo.jpg');

    // The user knows better: the bite scan as the lower jaw sets LowerJaw aside, and says which file took its place.
    fireEvent.click(within(bite).getByRole('radio', { name: 'Lower jaw' }));
    await waitFor(() =>
      expect(last().map((u) => [u.fileName, u.jaw])).toEqual([
        ['2024-03-12_BiteScan.stl', 'lower'],
        ['2024-03-12_UpperJaw.stl', 'upper'],
      ]),
    );
    expect(
      within(screen.getByLabelText('Jaw of 2024-03-12_LowerJaw.stl')).getByRole('radio', { name: 'Not used' }),
    ).toBeChecked();
    expect(
      screen.getByText('Not used: 2024-03-12_BiteScan.stl is the lower jaw (a better match, or chosen first)'),
    ).toBeInTheDocument();

    // Choosing the other used file's jaw swaps the two: never two files for one jaw.
    fireEvent.click(
      within(screen.getByLabelText('Jaw of 2024-03-12_UpperJaw.stl')).getByRole('radio', { name: 'Lower jaw' }),
    );
    await waitFor(() =>
      expect(last().map((u) => [u.fileName, u.jaw])).toEqual([
        ['2024-03-12_BiteScan.stl', 'upper'],
        ['2024-03-12_UpperJaw.stl', 'lower'],
      ]),
    );
  });

  it('show their scans in the uploader with the jaws guessed', async () => {
    const { container, last } = renderUploader(10);
    await userEvent.upload(await input(container), [scanZip()]);
    await waitFor(() =>
      expect(last().map((u) => [u.fileName, u.jaw])).toEqual([
        ['UpperJaw.stl', 'upper'],
        ['Mandible export.PLY', 'lower'],
      ]),
    );
  });
});

describe('the browser sha256', () => {
  it('hashes in slices what one digest of the whole would give', async () => {
    const data = new Uint8Array(9 * 1024 * 1024 + 5).map((_, i) => i % 251);
    const expected = Buffer.from(await crypto.subtle.digest('SHA-256', data)).toString('hex');
    const progress: number[] = [];
    expect(await sha256OfFile(new Blob([data]), { onProgress: (n) => progress.push(n) })).toBe(expected);
    expect(progress).toEqual([8 * 1024 * 1024, data.length]);
  });
});

describe('uploads a reload interrupted', () => {
  const mail = 'dr.weiss@praxis.example';
  const entry = (fileName: string, size: number, started: Date) =>
    JSON.stringify({
      size,
      metadata: { filename: fileName, filetype: 'model/stl' },
      creationTime: started.toString(),
      uploadUrl: `http://localhost/api/uploads/${fileName.length}`,
    });

  it('are listed for the signed-in user with a way to discard them; stale and foreign ones are not', async () => {
    sessionStore.signIn(loginResponse());
    localStorage.clear();
    const now = new Date();
    const ours = `tus::${scanFingerprintPrefix(mail)}Smith_UpperJaw.stl-1234::42`;
    localStorage.setItem(ours, entry('Smith_UpperJaw.stl', 3_145_728, now));
    localStorage.setItem(`tus::${scanFingerprintPrefix(mail)}old.stl::7`, entry('old.stl', 10, new Date(0)));
    localStorage.setItem(`tus::${scanFingerprintPrefix('someone@else.example')}x.stl::1`, entry('x.stl', 10, now));

    const { container } = renderWithProviders(<ScanUploader onChange={() => {}} maxBytes={10_000_000} />);
    const notice = await screen.findByTestId('interrupted-uploads');
    expect(notice).toHaveTextContent('Choose the same file again to continue where it stopped');
    expect(notice).toHaveTextContent('Smith_UpperJaw.stl · 3 MB');
    expect(notice).not.toHaveTextContent('old.stl');
    expect(notice).not.toHaveTextContent('x.stl');
    // A stale entry (the server removed that upload after a day) is forgotten on the way.
    expect(localStorage.getItem(`tus::${scanFingerprintPrefix(mail)}old.stl::7`)).toBeNull();

    await userEvent.click(
      within(notice).getByRole('button', { name: 'Discard the interrupted upload of Smith_UpperJaw.stl' }),
    );
    await waitFor(() => expect(screen.queryByTestId('interrupted-uploads')).not.toBeInTheDocument());
    expect(localStorage.getItem(ours)).toBeNull();
    expect(findInterruptedUploads(mail)).toEqual([]);
    expect(fileInput(container)).toBeInTheDocument();
    sessionStore.clear();
  });
});

describe('a file the server refuses when its last byte arrives', () => {
  const refusal = (code: string, message: string, params: Record<string, string>) =>
    JSON.stringify({ code, message, params, requestId: 'req-1' });

  it('shows the reason on the file, not "uploaded and checked", and removing it removes the upload', async () => {
    tusServer.lastByteAnswer = {
      status: 422,
      body: refusal('UPLOAD_NOT_A_SCAN', 'Not a scan file: Smile.stl is not an STL, PLY or OBJ mesh', {
        name: 'Smile.stl',
      }),
    };
    const fetchSpy = vi.fn(async () => new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', fetchSpy);
    const { container, last } = renderUploader(10_000);
    // A photo renamed .stl: the browser cannot tell, the server reads its bytes.
    await userEvent.upload(await input(container), [new File([bytes(2048, 0x89)], 'Smile.stl')]);

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Not a scan file: Smile.stl is not an STL, PLY or OBJ mesh',
    );
    expect(screen.queryByText(/uploaded and checked/)).not.toBeInTheDocument();
    await waitFor(() =>
      expect(last()).toEqual([
        {
          jaw: 'upper',
          uploadId: '5f0c6a8e-0d1e-4c55-9a36-2f1f6a1c9b7e',
          fileName: 'Smile.stl',
          size: 2048,
          status: 'failed',
        },
      ]),
    );

    await userEvent.click(screen.getByRole('button', { name: 'Remove Smile.stl' }));
    await waitFor(() => expect(fetchSpy).toHaveBeenCalled());
    const [url, init] = fetchSpy.mock.calls[0] as unknown as [string, RequestInit];
    expect([String(url), init.method]).toEqual(['/api/uploads/5f0c6a8e-0d1e-4c55-9a36-2f1f6a1c9b7e', 'DELETE']);
  });

  it("says it in the user's language, from the refusal's code", async () => {
    await setLanguage('de', { remember: false });
    tusServer.lastByteAnswer = {
      status: 422,
      body: refusal(
        'UPLOAD_SCAN_CUT_SHORT',
        'UpperJaw.stl is cut short: the STL file ends before all the triangles it declares. Please upload the complete file.',
        { name: 'UpperJaw.stl', format: 'STL' },
      ),
    };
    const { container } = renderUploader(10_000);
    await screen.findByText(/Scans von Ober- und Unterkiefer hier ablegen/);
    await userEvent.upload(fileInput(container), [new File([bytes(300)], 'UpperJaw.stl')]);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'UpperJaw.stl ist unvollständig: Die STL-Datei endet vor allen Dreiecken, die sie angibt.',
    );
  });

  it('keeps saying that an interrupted upload can be continued', async () => {
    tusServer.lastByteAnswer = { status: 500, body: refusal('INTERNAL', 'Something went wrong', {}) };
    const { container } = renderUploader(10_000);
    await userEvent.upload(await input(container), [new File([bytes(300)], 'UpperJaw.stl')]);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The upload failed. Choose the file again to continue where it stopped.',
    );
  });

  it("refuses 3Shape's DCM files with what to export instead, and a DICOM image as no scan", async () => {
    const { container } = renderUploader(10_000);
    const hps = encoder.encode('<?xml version="1.0"?>\n<HPS version="1.1"><Packed_geometry/></HPS>\n');
    const dicom = new Uint8Array(400);
    dicom.set(encoder.encode('DICM'), 128);
    await userEvent.upload(
      await input(container),
      [new File([hps], 'Smith UpperJaw.dcm'), new File([dicom], 'CBCT 0001.dcm')],
      { applyAccept: false },
    );
    const notice = await screen.findByRole('status');
    expect(notice).toHaveTextContent(
      "Smith UpperJaw.dcm: DCM is 3Shape's encrypted format: export the scan as STL or PLY from your scanner software",
    );
    expect(notice).toHaveTextContent('Not a scan file: CBCT 0001.dcm');
  });
});
