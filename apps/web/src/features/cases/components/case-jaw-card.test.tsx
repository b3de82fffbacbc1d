import type { ScanQuality } from '@cuspid/contracts/cases';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../testing/render-app';
import { QualityTable, realHoles } from './case-jaw-card';

const clean: ScanQuality = {
  format: 'stl-binary',
  triangles: 16_020,
  vertices: 8_236,
  bounding_box: { min: [-27.5, 0, 0], max: [27.5, 50, 20], size: [55, 50, 20] },
  surface_area: 5_400.5,
  boundary_edges: 446,
  holes: 0,
  non_manifold_edges: 0,
  duplicate_faces: 0,
  degenerate_faces: 0,
  boundary_loops: 1,
  border_edges: 446,
  border_length: 301.26,
  largest_hole_edges: 0,
  holes_filled: 0,
  holes_too_large: 0,
  max_filled_hole_edges: 100,
};

async function rows(quality: ScanQuality) {
  renderWithProviders(<QualityTable quality={quality} />);
  const table = await screen.findByTestId('jaw-quality');
  return (name: RegExp) => within(table).getByRole('row', { name });
}

describe('the quality report of a jaw', () => {
  it('shows the border (the open base) apart, and no hole to check on a clean scan', async () => {
    const row = await rows(clean);
    expect(row(/Border/)).toHaveTextContent(/^Border \(open base\)446 edges · 301\.3 mm$/);
    expect(row(/Holes/)).toHaveTextContent(/^Holes0$/);
  });

  it('marks real holes for a check and says what the repair did with them', async () => {
    const row = await rows({
      ...clean,
      boundary_edges: 582,
      boundary_loops: 4,
      holes: 3,
      largest_hole_edges: 124,
      holes_filled: 2,
      holes_too_large: 1,
    });
    expect(row(/Holes/)).toHaveTextContent(
      /^Holes3 · 2 filled in the repaired mesh, 1 larger than 100 edges left open\s*check$/,
    );
  });

  it('reads a report from before the border was told apart: its base was counted as a hole', () => {
    const { boundary_loops, border_edges, border_length, largest_hole_edges, ...old } = clean;
    expect(realHoles({ ...old, holes: 1 })).toBe(0);
    expect(realHoles({ ...old, holes: 3 })).toBe(2);
    expect(realHoles({ ...old, boundary_edges: 0, holes: 0 })).toBe(0);
    expect(realHoles({ ...clean, holes: 2 })).toBe(2);
  });
});
