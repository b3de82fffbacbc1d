import { turnOrientation, writeBinaryStl } from '@cuspid/mesh';
import { jawFixture, jawFixtureStl } from '@cuspid/mesh/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type Object3D, Vector3 } from 'three';
import { describe, expect, it, vi } from 'vitest';
import { mockServer } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render-app';
import type { JawRenderer } from '../lib/jaw-scene';
import { MeshLoadError, type MeshLoader, settleMeshResponse } from '../lib/mesh-loader';
import type { MeshResponse, PreparedMesh } from '../lib/mesh-messages';
import { prepareMesh } from '../lib/prepare-mesh';
import { JawViewer } from './jaw-viewer';

const CASE_ID = '11111111-1111-4111-8111-111111111111';
const UPPER = `/api/cases/${CASE_ID}/jaws/upper/download`;
const LOWER = `/api/cases/${CASE_ID}/jaws/lower/download`;

const fileResponse = (bytes: Uint8Array) =>
  new Response(bytes.slice(), { status: 200, headers: { 'content-type': 'application/octet-stream' } });

/** The worker's code run inline (happy-dom has no Web Worker). */
const loadInline: MeshLoader = async (buffer, options = {}) => {
  let result = null as PreparedMesh | MeshLoadError | null;
  prepareMesh({ id: 1, buffer, fileName: options.fileName }, (message: MeshResponse) => {
    result = settleMeshResponse(1, message, options.onProgress) ?? result;
  });
  if (result === null) throw new Error('no answer');
  if (result instanceof MeshLoadError) throw result;
  return result;
};

/** happy-dom has no WebGL: a renderer that draws nothing and records its frames. */
function fakeRenderer() {
  const renderer = {
    setPixelRatio: vi.fn(),
    setSize: vi.fn(),
    render: vi.fn(),
    dispose: vi.fn(),
    setViewport: vi.fn(),
    setScissor: vi.fn(),
    setScissorTest: vi.fn(),
    localClippingEnabled: false,
  };
  return { renderer, create: () => renderer as unknown as JawRenderer };
}

const scans = [
  { jaw: 'upper', file_name: 'upper.stl' },
  { jaw: 'lower', file_name: 'lower.stl' },
] as const;

describe('JawViewer', () => {
  it('shows the progress of each jaw while its scan is read, then draws both', async () => {
    mockServer({
      [UPPER]: () => fileResponse(jawFixtureStl({ jaw: 'upper', triangles: 400 })),
      [LOWER]: () => fileResponse(jawFixtureStl({ jaw: 'lower', triangles: 400 })),
    });
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    // Reading stops half way until the test lets it go on.
    const loadHeld: MeshLoader = async (buffer, options = {}) => {
      options.onProgress?.(0.5);
      await held;
      return loadInline(buffer, options);
    };
    const { renderer, create } = fakeRenderer();
    renderWithProviders(<JawViewer caseId={CASE_ID} scans={scans} loadMesh={loadHeld} createRenderer={create} />);

    const viewer = await screen.findByTestId('jaw-viewer');
    expect(await screen.findByRole('progressbar', { name: 'Upper jaw: loading progress' })).toHaveAttribute(
      'aria-valuenow',
      '50',
    );
    expect(screen.getByRole('progressbar', { name: 'Lower jaw: loading progress' })).toBeInTheDocument();
    expect(screen.getByText('Upper jaw: reading the scan (50 %)')).toBeInTheDocument();
    expect(viewer).toHaveAttribute('data-ready', 'false');
    expect(screen.getByTestId('jaw-toggle-upper')).toBeDisabled();

    release();
    await vi.waitFor(() => expect(viewer).toHaveAttribute('data-ready', 'true'));
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(renderer.render).toHaveBeenCalled();
    const toggle = screen.getByRole('switch', { name: 'Upper jaw' });
    expect(toggle).toBeChecked();
    await userEvent.click(toggle);
    expect(toggle).not.toBeChecked();
    // The occlusal view of the lower jaw shows the lower jaw alone.
    await userEvent.click(screen.getByRole('button', { name: 'Occlusal lower' }));
    expect(screen.getByRole('switch', { name: 'Lower jaw' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Upper jaw' })).not.toBeChecked();
  });

  it('says in the user’s words why a scan cannot be shown, and still shows the other jaw', async () => {
    mockServer({
      [UPPER]: () => fileResponse(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0])),
      [LOWER]: () => fileResponse(jawFixtureStl({ jaw: 'lower', triangles: 400 })),
    });
    const { create } = fakeRenderer();
    renderWithProviders(<JawViewer caseId={CASE_ID} scans={scans} loadMesh={loadInline} createRenderer={create} />);

    const problem = await screen.findByTestId('jaw-error-upper');
    expect(within(problem).getByText('Upper jaw: the scan cannot be shown')).toBeInTheDocument();
    expect(problem).toHaveTextContent('The file is not a 3D scan the viewer can read (STL, PLY or OBJ).');
    await vi.waitFor(() => expect(screen.getByTestId('jaw-viewer')).toHaveAttribute('data-ready', 'true'));
    expect(screen.queryByTestId('jaw-error-lower')).not.toBeInTheDocument();
    expect(screen.getByTestId('jaw-toggle-upper')).toBeDisabled();
    expect(screen.getByTestId('jaw-toggle-lower')).toBeEnabled();
  });

  it('says so when a scan does not download, in the user’s language', async () => {
    mockServer({}); // every download answers 404
    const { create } = fakeRenderer();
    const { i18n } = await import('../../../lib/i18n');
    await i18n.changeLanguage('de');
    renderWithProviders(
      <JawViewer caseId={CASE_ID} scans={[scans[0]]} loadMesh={loadInline} createRenderer={create} />,
    );
    const problem = await screen.findByTestId('jaw-error-upper');
    expect(problem).toHaveTextContent('Oberkiefer: Der Scan kann nicht angezeigt werden');
    expect(problem).toHaveTextContent('Der Scan konnte nicht heruntergeladen werden.');
  });

  it('tells a browser without WebGL that it cannot draw 3D', async () => {
    mockServer({ [UPPER]: () => fileResponse(jawFixtureStl({ triangles: 400 })) });
    // happy-dom has no WebGL: the viewer's own renderer finds none.
    renderWithProviders(<JawViewer caseId={CASE_ID} scans={[scans[0]]} loadMesh={loadInline} />);
    expect(await screen.findByTestId('jaw-viewer-no-webgl')).toHaveTextContent('This browser cannot draw 3D');
  });

  it('opens the decimated preview first, and the full scan when asked, keeping the preview on screen meanwhile', async () => {
    const PREVIEW = '/api/case-result-files/22222222-2222-4222-8222-222222222222/download';
    const calls = mockServer({
      [PREVIEW]: () => fileResponse(jawFixtureStl({ jaw: 'upper', triangles: 200 })),
      [UPPER]: () => fileResponse(jawFixtureStl({ jaw: 'upper', triangles: 800 })),
    });
    const results = [
      {
        id: '33333333-3333-4333-8333-333333333333',
        version: 1,
        engine: 'reference' as const,
        files: [
          {
            id: '22222222-2222-4222-8222-222222222222',
            kind: 'preview' as const,
            jaw: 'upper' as const,
            file_name: 'upper-preview.ply',
            size: 10_000,
          },
        ],
      },
    ];
    const { create } = fakeRenderer();
    renderWithProviders(
      <JawViewer
        caseId={CASE_ID}
        scans={[{ jaw: 'upper', file_name: 'upper.stl', size: 40_000 }]}
        results={results}
        loadMesh={loadInline}
        createRenderer={create}
      />,
    );
    const viewer = await screen.findByTestId('jaw-viewer');
    await vi.waitFor(() => expect(viewer).toHaveAttribute('data-ready', 'true'));
    expect(screen.getByTestId('jaw-preview-upper')).toHaveTextContent('Preview');
    expect(calls.map((call) => call.path)).toEqual([PREVIEW]);

    await userEvent.click(screen.getByRole('button', { name: 'Load the full scan' }));
    await vi.waitFor(() => expect(calls.map((call) => call.path)).toEqual([PREVIEW, UPPER]));
    await vi.waitFor(() => expect(screen.queryByTestId('jaw-preview-upper')).not.toBeInTheDocument());
    expect(viewer).toHaveAttribute('data-ready', 'true');
  });

  it('names the two halves of a side-by-side comparison with their versions', async () => {
    const fileOf = (n: number) => `/api/case-result-files/2222222${n}-2222-4222-8222-222222222222/download`;
    mockServer({
      [UPPER]: () => fileResponse(jawFixtureStl({ jaw: 'upper', triangles: 400 })),
      [fileOf(1)]: () => fileResponse(jawFixtureStl({ jaw: 'upper', triangles: 300 })),
      [fileOf(2)]: () => fileResponse(jawFixtureStl({ jaw: 'upper', triangles: 300 })),
    });
    const result = (n: number) => ({
      id: `3333333${n}-3333-4333-8333-333333333333`,
      version: n,
      engine: 'reference' as const,
      files: [
        {
          id: `2222222${n}-2222-4222-8222-222222222222`,
          kind: 'mesh' as const,
          jaw: 'upper' as const,
          file_name: 'upper-repaired.ply',
          size: 10_000,
        },
      ],
    });
    const { create } = fakeRenderer();
    renderWithProviders(
      <JawViewer
        caseId={CASE_ID}
        scans={[{ jaw: 'upper', file_name: 'upper.stl', size: 40_000 }]}
        results={[result(1), result(2)]}
        loadMesh={loadInline}
        createRenderer={create}
      />,
    );
    const viewer = await screen.findByTestId('jaw-viewer');
    await vi.waitFor(() => expect(viewer).toHaveAttribute('data-ready', 'true'));
    await userEvent.click(screen.getByRole('tab', { name: 'Results' }));
    await userEvent.click(screen.getByTestId('jaw-result-a'));
    await userEvent.click(await screen.findByRole('option', { name: 'Version 2' }));
    expect(screen.queryByTestId('jaw-split-label-left')).not.toBeInTheDocument();
    await userEvent.click(screen.getByTestId('jaw-result-b'));
    await userEvent.click(await screen.findByRole('option', { name: 'Version 1' }));
    expect(await screen.findByTestId('jaw-split-label-left')).toHaveTextContent('Version 2');
    expect(screen.getByTestId('jaw-split-label-right')).toHaveTextContent('Version 1');
  });

  it('lists its keyboard shortcuts in a help popover, and answers them', async () => {
    mockServer({ [UPPER]: () => fileResponse(jawFixtureStl({ jaw: 'upper', triangles: 400 })) });
    const { create } = fakeRenderer();
    renderWithProviders(
      <JawViewer caseId={CASE_ID} scans={[scans[0]]} loadMesh={loadInline} createRenderer={create} />,
    );
    const viewer = await screen.findByTestId('jaw-viewer');
    await vi.waitFor(() => expect(viewer).toHaveAttribute('data-ready', 'true'));

    await userEvent.click(screen.getByRole('button', { name: 'Keyboard shortcuts' }));
    const help = await screen.findByTestId('jaw-shortcuts-help');
    expect(help).toHaveTextContent('Measuring on or off');
    expect(help).toHaveTextContent('Front, left, right, occlusal upper, occlusal lower view');

    const canvas = screen.getByTestId('jaw-viewer-canvas');
    canvas.focus();
    await userEvent.keyboard('w');
    expect(screen.getByRole('switch', { name: 'Wireframe' })).toBeChecked();
    await userEvent.keyboard('m');
    expect(canvas).toHaveAttribute('data-measuring', 'true');
    await userEvent.keyboard('{Escape}');
    expect(canvas).toHaveAttribute('data-measuring', 'false');
    // Without the Fullscreen API (happy-dom has none, nor has iPhone Safari), the viewer covers the window.
    await userEvent.click(screen.getByRole('button', { name: 'Full screen' }));
    expect(viewer).toHaveAttribute('data-fullscreen', 'window');
    expect(viewer).toHaveStyle({ position: 'fixed' });
    await userEvent.keyboard('{Escape}');
    expect(viewer).not.toHaveAttribute('data-fullscreen');
    // Typing in a field of the viewer is not a shortcut.
    await userEvent.click(screen.getByRole('tab', { name: 'Jaws' }));
    const color = screen.getByLabelText('Upper jaw: colour');
    await userEvent.type(color, 'w');
    expect(screen.getByRole('switch', { name: 'Wireframe' })).toBeChecked();
  });

  it('shows a y-up scan in its anatomical frame, and turns it by quarter steps, saved through the callback', async () => {
    const { mesh } = jawFixture({ jaw: 'lower', triangles: 1200 });
    // A 3Shape export: the teeth along +y, the front to −z.
    const positions = new Float32Array(mesh.positions.length);
    for (let i = 0; i < positions.length; i += 3) {
      positions.set([mesh.positions[i]!, mesh.positions[i + 2]!, -mesh.positions[i + 1]!], i);
    }
    mockServer({ [LOWER]: () => fileResponse(writeBinaryStl({ positions, indices: mesh.indices })) });
    const { renderer, create } = fakeRenderer();
    const saved = vi.fn();
    renderWithProviders(
      <JawViewer
        caseId={CASE_ID}
        scans={[{ jaw: 'lower', file_name: 'lower.stl', orientation: 0 }]}
        loadMesh={loadInline}
        createRenderer={create}
        onOrientationChange={saved}
      />,
    );
    const viewer = await screen.findByTestId('jaw-viewer');
    await vi.waitFor(() => expect(viewer).toHaveAttribute('data-ready', 'true'));
    const shownAxis = (axis: [number, number, number]) => {
      const scene = renderer.render.mock.calls.at(-1)![0] as Object3D;
      const model = scene.getObjectByName('scan:lower')!;
      model.updateMatrixWorld();
      return new Vector3(...axis)
        .transformDirection(model.matrixWorld)
        .toArray()
        .map((v) => Math.round(v) + 0);
    };
    // The scan's teeth (+y) point up (+z) and its front (−z) to the front (+y): 'Front' shows the front teeth.
    expect(shownAxis([0, 1, 0])).toEqual([0, 0, 1]);
    expect(shownAxis([0, 0, -1])).toEqual([0, 1, 0]);
    expect(screen.getByTestId('jaw-orientation-reset-lower')).toBeDisabled();

    await userEvent.click(screen.getByTestId('jaw-turn-lower-+z'));
    expect(saved).toHaveBeenCalledWith('lower', turnOrientation(0, '+z'));
    // A quarter turn about the vertical axis: the front now points to the patient's left (−x).
    await vi.waitFor(() => expect(shownAxis([0, 0, -1])).toEqual([-1, 0, 0]));
    expect(shownAxis([0, 1, 0])).toEqual([0, 0, 1]);

    await userEvent.click(screen.getByTestId('jaw-orientation-reset-lower'));
    expect(saved).toHaveBeenLastCalledWith('lower', 0);
    await vi.waitFor(() => expect(shownAxis([0, 0, -1])).toEqual([0, 1, 0]));
  });

  it('offers no turning to a user who may not edit the case', async () => {
    mockServer({ [LOWER]: () => fileResponse(jawFixtureStl({ jaw: 'lower', triangles: 400 })) });
    const { create } = fakeRenderer();
    renderWithProviders(
      <JawViewer caseId={CASE_ID} scans={[scans[1]]} loadMesh={loadInline} createRenderer={create} />,
    );
    const viewer = await screen.findByTestId('jaw-viewer');
    await vi.waitFor(() => expect(viewer).toHaveAttribute('data-ready', 'true'));
    expect(screen.queryByTestId('jaw-orientation-lower')).toBeNull();
  });
});
