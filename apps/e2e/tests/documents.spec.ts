import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { describe } from 'node:test';
import PizZip from 'pizzip';
import { ADMIN } from '../support/env';
import { useBrowser } from '../support/fixture';
import { gotoPath, loginViaUi, pathOf } from '../support/ui';

/** A minimal DOCX with one paragraph per line, built here so the suite needs no binary fixture. */
function buildDocx(lines: string[]): Buffer {
  const paragraphs = lines.map((line) => `<w:p><w:r><w:t xml:space="preserve">${line}</w:t></w:r></w:p>`).join('');
  const zip = new PizZip();
  zip.file(
    '[Content_Types].xml',
    '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
      '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
      '<Default Extension="xml" ContentType="application/xml"/>' +
      '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
  );
  zip.file(
    '_rels/.rels',
    '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
      '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
  );
  zip.file(
    'word/document.xml',
    `<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${paragraphs}</w:body></w:document>`,
  );
  return zip.generate({ type: 'nodebuffer', compression: 'DEFLATE' });
}

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
