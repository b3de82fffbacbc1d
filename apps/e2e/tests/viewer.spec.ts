import assert from 'node:assert/strict';
import { describe } from 'node:test';
import { writeBinaryStl } from '@cuspid/mesh';
import { jawFixture } from '@cuspid/mesh/testing';
import type { Page } from 'playwright-core';
import { apiCall, loginApi } from '../support/api';
import { createCaseApi, createLowerJawCaseApi, grantCredits, plateStl } from '../support/cases';
import { ADMIN, PRACTICE } from '../support/env';
import { useBrowser } from '../support/fixture';
import { gotoPath, loginViaUi } from '../support/ui';

/** What the viewer's canvas shows: a grey level per pixel of a coarse grid, and the corner's colour. */
type Picture = { width: number; height: number; grey: number[]; corner: [number, number, number] };

const GRID = 4;

/**
 * Reads the canvas back (its drawing buffer is kept) through a 2D canvas, every GRID-th pixel, over the canvas's
 * own background colour: what the user sees.
 */
function readCanvas(page: Page): Promise<Picture> {
  return page.getByTestId('jaw-viewer-canvas').evaluate((element, grid) => {
    const source = element as HTMLCanvasElement;
    const copy = document.createElement('canvas');
    copy.width = source.width;
    copy.height = source.height;
    const context = copy.getContext('2d')!;
    context.fillStyle = getComputedStyle(source).backgroundColor;
    context.fillRect(0, 0, copy.width, copy.height);
    context.drawImage(source, 0, 0);
    const { data } = context.getImageData(0, 0, copy.width, copy.height);
    const grey: number[] = [];
    for (let y = 0; y < copy.height; y += grid) {
      for (let x = 0; x < copy.width; x += grid) {
        const i = (y * copy.width + x) * 4;
        grey.push(Math.round((data[i]! + data[i + 1]! + data[i + 2]!) / 3));
      }
    }
    return { width: copy.width, height: copy.height, grey, corner: [data[0]!, data[1]!, data[2]!] };
  }, GRID);
}

/** Share of the grid's pixels that are not the background (the corner's grey). */
function coverage(picture: Picture): number {
  const background = Math.round((picture.corner[0] + picture.corner[1] + picture.corner[2]) / 3);
  return picture.grey.filter((g) => Math.abs(g - background) > 12).length / picture.grey.length;
}

/** The box of the canvas (CSS pixels, page coordinates) where something else than the background is drawn. */
function drawnBox(page: Page) {
  return page.getByTestId('jaw-viewer-canvas').evaluate((element) => {
    const source = element as HTMLCanvasElement;
    const copy = document.createElement('canvas');
    copy.width = source.width;
    copy.height = source.height;
    const context = copy.getContext('2d')!;
    context.drawImage(source, 0, 0);
    const { data } = context.getImageData(0, 0, copy.width, copy.height);
    let [left, top, right, bottom] = [Infinity, Infinity, -Infinity, -Infinity];
    for (let y = 0; y < copy.height; y++) {
      for (let x = 0; x < copy.width; x++) {
        // Drawn over a clear background: what the scene drew is opaque.
        if (data[(y * copy.width + x) * 4 + 3]! < 128) continue;
        left = Math.min(left, x);
        right = Math.max(right, x);
        top = Math.min(top, y);
        bottom = Math.max(bottom, y);
      }
    }
    const rect = source.getBoundingClientRect();
    const scale = rect.width / copy.width;
    return {
      left: rect.left + left * scale,
      top: rect.top + top * scale,
      width: (right - left) * scale,
      height: (bottom - top) * scale,
    };
  });
}

/** Share of the grid's pixels that differ between two pictures. */
function changed(a: Picture, b: Picture): number {
  return a.grey.filter((g, i) => Math.abs(g - b.grey[i]!) > 12).length / a.grey.length;
}

/** Waits until the canvas shows something else than `before` (the next frame is drawn on demand). */
async function nextPicture(page: Page, before: Picture): Promise<Picture> {
  const until = Date.now() + 10_000;
  for (;;) {
    const picture = await readCanvas(page);
    if (changed(before, picture) > 0.005 || Date.now() > until) return picture;
    await page.waitForTimeout(100);
  }
}

describe('viewer', () => {
  const { e2e } = useBrowser('viewer');

  e2e(
    'a practice opens a case, sees both jaws drawn in 3D, hides and shows each jaw and changes the view',
    async ({ page }) => {
      const adminToken = await loginApi(ADMIN.mail, ADMIN.password);
      const practiceToken = await loginApi(PRACTICE.mail, PRACTICE.password);
      const company = await apiCall<{ id: string }>('GET', '/api/my-company', { token: practiceToken });
      await grantCredits(adminToken, company.body.id, 20, 'Viewer e2e');
      const caseId = await createCaseApi(practiceToken, `Viewer ${Date.now().toString(36)}`);

      await loginViaUi(page, PRACTICE.mail, PRACTICE.password);
      await gotoPath(page, `/my-cases/${caseId}/show`);
      const viewer = page.getByTestId('jaw-viewer');
      await viewer.waitFor();
      await page.locator('[data-testid="jaw-viewer"][data-ready="true"]').waitFor({ timeout: 30_000 });
      assert.equal(await page.getByTestId('jaw-viewer-no-webgl').count(), 0, 'WebGL is available');
      assert.equal(await page.getByRole('alert').filter({ hasText: 'cannot be shown' }).count(), 0);

      // Both jaws drawn: the light background at the corner, the model over a good part of the picture.
      const both = await readCanvas(page);
      assert.ok(both.width > 300 && both.height > 300, `canvas ${both.width}×${both.height}`);
      assert.ok(
        both.corner.every((c) => c > 200),
        `light background at the corner, got ${both.corner.join(',')}`,
      );
      const drawn = coverage(both);
      assert.ok(drawn > 0.05, `the jaws cover ${(drawn * 100).toFixed(1)} % of the picture`);

      // Hiding the upper jaw changes the picture and leaves less of it covered; showing it again restores it.
      const upper = page.getByRole('switch', { name: 'Upper jaw' });
      await upper.setChecked(false);
      const lowerOnly = await nextPicture(page, both);
      assert.ok(changed(both, lowerOnly) > 0.01, 'the picture changes when the upper jaw is hidden');
      assert.ok(coverage(lowerOnly) < drawn, 'less of the picture is covered without the upper jaw');
      assert.ok(coverage(lowerOnly) > 0.02, 'the lower jaw is still drawn');

      await upper.setChecked(true);
      const again = await nextPicture(page, lowerOnly);
      assert.ok(changed(both, again) < 0.01, 'showing the upper jaw again draws the same picture');

      const lower = page.getByRole('switch', { name: 'Lower jaw' });
      await lower.setChecked(false);
      const upperOnly = await nextPicture(page, again);
      assert.ok(changed(again, upperOnly) > 0.01, 'the picture changes when the lower jaw is hidden');
      assert.ok(coverage(upperOnly) > 0.02, 'the upper jaw is still drawn');
      await lower.setChecked(true);
      const restored = await nextPicture(page, upperOnly);

      // The occlusal view of the lower jaw: from above, the lower jaw alone.
      await page.getByTestId('jaw-view-occlusalLower').click();
      const occlusal = await nextPicture(page, restored);
      await page.waitForTimeout(700); // the camera's move takes under half a second
      const settled = await readCanvas(page);
      assert.ok(changed(restored, occlusal) > 0.01, 'the view changes');
      assert.equal(await upper.isChecked(), false, 'the occlusal view hides the other jaw');
      assert.ok(coverage(settled) > 0.05, 'the arch is drawn from above');

      // Reset brings back both jaws from the front.
      await page.getByTestId('jaw-view-reset').click();
      await page.waitForTimeout(700);
      assert.equal(await upper.isChecked(), true);
      assert.ok(changed(both, await readCanvas(page)) < 0.02, 'reset shows the first picture again');

      // The background follows the dark colour scheme; the jaws stay drawn.
      await page.getByTestId('color-scheme-toggle').click();
      await page.waitForFunction(() => document.documentElement.getAttribute('data-mantine-color-scheme') === 'dark');
      const dark = await readCanvas(page);
      assert.ok(
        dark.corner.every((c) => c < 80),
        `dark background at the corner, got ${dark.corner.join(',')}`,
      );
      assert.ok(coverage(dark) > 0.05, 'the jaws are drawn over the dark background');
    },
    { timeout: 180_000 },
  );

  e2e(
    'a practice measures 10.00 mm between two corners of a test plate, and sees the deviation map with its legend',
    async ({ page }) => {
      const adminToken = await loginApi(ADMIN.mail, ADMIN.password);
      const practiceToken = await loginApi(PRACTICE.mail, PRACTICE.password);
      const company = await apiCall<{ id: string }>('GET', '/api/my-company', { token: practiceToken });
      await grantCredits(adminToken, company.body.id, 20, 'Viewer e2e measure');
      // A 30 × 30 mm plate, its grid's corners 10 mm apart.
      const plateCase = await createLowerJawCaseApi(practiceToken, `Plate ${Date.now().toString(36)}`, plateStl(3, 10));
      const jawCase = await createCaseApi(practiceToken, `Heatmap ${Date.now().toString(36)}`);

      await loginViaUi(page, PRACTICE.mail, PRACTICE.password);
      await gotoPath(page, `/my-cases/${plateCase}/show`);
      await page.locator('[data-testid="jaw-viewer"][data-ready="true"]').waitFor({ timeout: 30_000 });
      await page.getByTestId('jaw-view-occlusalLower').click();
      await page.waitForTimeout(700);

      await page.getByRole('tab', { name: 'Tools' }).click();
      await page.getByRole('switch', { name: 'Measure a distance' }).setChecked(true);
      assert.equal(await page.getByTestId('jaw-viewer-canvas').getAttribute('data-measuring'), 'true');
      // From above, the plate fills a square; its grid's corners at a third and two thirds across.
      const box = await drawnBox(page);
      assert.ok(box.width > 100 && box.height > 100, `the plate is drawn: ${JSON.stringify(box)}`);
      const y = box.top + box.height / 3;
      await page.mouse.click(box.left + box.width / 3, y);
      await page.getByTestId('jaw-measure-distance').getByText('Click the second point.').waitFor();
      await page.mouse.click(box.left + (box.width * 2) / 3, y);
      const readout = page.getByTestId('jaw-measure-distance');
      await readout.getByText(/^Distance: /).waitFor();
      const mm = Number(await readout.getAttribute('data-mm'));
      assert.ok(Math.abs(mm - 10) <= 0.05, `measured ${mm} mm`);
      assert.equal(await readout.textContent(), 'Distance: 10.00 mm');

      // The jaw case's first result version (the reference engine's repaired scans) over the scan, as a map.
      const until = Date.now() + 90_000;
      for (;;) {
        const results = await apiCall<{ total: number }>('GET', `/api/get-multiple-results/${jawCase}`, {
          token: practiceToken,
        });
        if (results.body.total > 0) break;
        assert.ok(Date.now() < until, 'the case was processed');
        await page.waitForTimeout(1000);
      }
      await gotoPath(page, `/my-cases/${jawCase}/show`);
      await page.locator('[data-testid="jaw-viewer"][data-ready="true"]').waitFor({ timeout: 30_000 });
      await page.getByRole('tab', { name: 'Results' }).click();
      await page.getByTestId('jaw-result-a').click();
      await page.getByRole('option', { name: 'Version 1' }).click();
      await page.locator('[data-testid="jaw-viewer"][data-ready="true"]').waitFor({ timeout: 30_000 });
      await page.getByTestId('jaw-heatmap').getByText('Result to scan').click();
      const legend = page.getByTestId('deviation-legend');
      await legend.waitFor({ timeout: 30_000 });
      assert.match((await legend.textContent()) ?? '', /mm/);
    },
    { timeout: 240_000 },
  );

  e2e(
    "a y-up jaw (3Shape) shows from the front as the z-up one does, and a practice's quarter turn is kept for the case",
    async ({ page }) => {
      const adminToken = await loginApi(ADMIN.mail, ADMIN.password);
      const practiceToken = await loginApi(PRACTICE.mail, PRACTICE.password);
      const company = await apiCall<{ id: string }>('GET', '/api/my-company', { token: practiceToken });
      await grantCredits(adminToken, company.body.id, 20, 'Viewer e2e orientation');
      const { mesh } = jawFixture({ jaw: 'lower', triangles: 6000 });
      // The same jaw with its teeth along +y and its front to −z, as 3Shape exports it.
      const positions = new Float32Array(mesh.positions.length);
      for (let i = 0; i < positions.length; i += 3) {
        positions.set([mesh.positions[i]!, mesh.positions[i + 2]!, -mesh.positions[i + 1]!], i);
      }
      const stamp = Date.now().toString(36);
      const zUpCase = await createLowerJawCaseApi(practiceToken, `Z up ${stamp}`, Buffer.from(writeBinaryStl(mesh)));
      const yUpCase = await createLowerJawCaseApi(
        practiceToken,
        `Y up ${stamp}`,
        Buffer.from(writeBinaryStl({ positions, indices: mesh.indices })),
      );

      await loginViaUi(page, PRACTICE.mail, PRACTICE.password);
      /** The drawn box's width over its height in the 'Front' view: about 55 mm wide by 20 mm high. */
      const frontAspect = async (caseId: string) => {
        await gotoPath(page, `/my-cases/${caseId}/show`);
        await page.locator('[data-testid="jaw-viewer"][data-ready="true"]').waitFor({ timeout: 30_000 });
        await page.getByTestId('jaw-view-front').click();
        await page.waitForTimeout(700);
        const box = await drawnBox(page);
        return box.width / box.height;
      };
      const zUp = await frontAspect(zUpCase);
      const yUp = await frontAspect(yUpCase);
      assert.ok(zUp > 1.8, `the z-up arch is wide and low from the front: ${zUp.toFixed(2)}`);
      assert.ok(Math.abs(yUp - zUp) / zUp < 0.15, `y-up ${yUp.toFixed(2)} against z-up ${zUp.toFixed(2)}`);

      // A quarter turn about the left–right axis: the front view shows the biting surface (55 × 50 mm), also
      // after a reload; 'As detected' brings the arch back.
      await page.getByTestId('jaw-turn-lower-+x').click();
      await page.waitForTimeout(700);
      const turned = await drawnBox(page);
      assert.ok(turned.width / turned.height < 1.5, `turned: ${(turned.width / turned.height).toFixed(2)}`);
      const saved = await apiCall<{ jaws: { orientation: number }[] }>('GET', `/api/case-lists/${yUpCase}`, {
        token: practiceToken,
      });
      assert.notEqual(saved.body.jaws[0]!.orientation, 0);
      assert.ok((await frontAspect(yUpCase)) < 1.5, 'the turn is kept after a reload');
      await page.getByTestId('jaw-orientation-reset-lower').click();
      await page.waitForTimeout(700);
      const back = await drawnBox(page);
      assert.ok(Math.abs(back.width / back.height - zUp) / zUp < 0.15, 'as detected again');
    },
    { timeout: 180_000 },
  );
});
