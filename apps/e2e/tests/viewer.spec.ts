import assert from 'node:assert/strict';
import { describe } from 'node:test';
import type { Page } from 'playwright-core';
import { apiCall, loginApi } from '../support/api';
import { createCaseApi, grantCredits } from '../support/cases';
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
});
