import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { describe } from 'node:test';
import PizZip from 'pizzip';
import { buildDocx } from '../support/docx';
import { ADMIN } from '../support/env';
import { useBrowser } from '../support/fixture';
import { gotoPath, loginViaUi, pathOf } from '../support/ui';

describe('document templates', () => {
  const { e2e } = useBrowser('document templates');

  e2e('an admin uploads a DOCX template, sees its variables and generates a filled sample', async ({ page }) => {
    await loginViaUi(page, ADMIN.mail, ADMIN.password);
    await gotoPath(page, '/document-templates');
    await page.getByTestId('document-templates-page').waitFor();
    await page.getByTestId('template-create').click();
    await page.getByTestId('document-template-create-page').waitFor();

    const name = `E2E invoice ${Date.now()}`;
    await page.getByTestId('template-name').fill(name);
    await page.getByTestId('template-description').fill('Made by the end-to-end suite');
    await page.locator('input[type="file"]').setInputFiles({
      name: 'invoice.docx',
      mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      buffer: buildDocx(['Invoice {invoice_number} for {company_name}', 'Total: {total}']),
    });
    await page.getByTestId('template-submit').click();

    await page.getByTestId('document-template-show-page').waitFor();
    assert.match(pathOf(page), /^\/document-templates\/[0-9a-f-]{36}\/show$/);
    await page.getByTestId('template-title').getByText(name).waitFor();
    const inputs = page.getByTestId('template-variable');
    await inputs.first().waitFor();
    const variables = await inputs.evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-variable')));
    assert.deepEqual(variables, ['invoice_number', 'company_name', 'total']);

    await page.locator('[data-variable="invoice_number"]').fill('RE-2026-0007');
    await page.locator('[data-variable="company_name"]').fill('Praxis Dr. Weiß');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('generate-sample').click()]);
    assert.equal(download.suggestedFilename(), `${name}.docx`);
    const content = await readFile(await download.path());
    const xml = new PizZip(content).file('word/document.xml')?.asText() ?? '';
    assert.match(xml, /Invoice RE-2026-0007 for Praxis Dr\. Weiß/);
    // An empty field is filled with the variable's name.
    assert.match(xml, /Total: \[total\]/);
    await page.getByTestId('notification-success').filter({ hasText: 'The sample was generated' }).waitFor();

    // The list shows the new template with its three variables.
    await gotoPath(page, `/document-templates?q=${encodeURIComponent(name)}`);
    const row = page.getByTestId('document-templates-row').filter({ hasText: name });
    await row.waitFor();
    assert.match((await row.textContent()) ?? '', /invoice\.docx\s*3/);
  });
});
