import assert from 'node:assert/strict';
import { describe } from 'node:test';
import { apiCall, loginApi } from '../support/api';
import { newPage } from '../support/browser';
import { ADMIN, PRACTICE, STAFF } from '../support/env';
import { useBrowser } from '../support/fixture';
import { gotoPath, loginViaUi, pathOf, waitForValue } from '../support/ui';

type SentMail = { to: string; event: string | null; status: string; subject: string | null; text: string | null };

/** The mails whose subject names the ticket, once every one of them left the queue (delivery runs in a job). */
async function mailsOfTicket(adminToken: string, number: string, expected: number): Promise<SentMail[]> {
  const read = async () => {
    const response = await apiCall<{ data: SentMail[] }>(
      'GET',
      `/mail/list-sent-mails?limit_count=50&search=${encodeURIComponent(number)}`,
      { token: adminToken },
    );
    return response.body.data;
  };
  await waitForValue(async () => (await read()).filter((m) => m.status === 'sent').length >= expected, true, 30_000);
  return read();
}

/** A ticket opened through the API (JSON, no files) by the demo practice. */
async function openTicketApi(token: string, subject: string): Promise<{ id: string; number: string }> {
  const response = await apiCall<{ id: string; number: string }>('POST', '/api/ticket', {
    token,
    body: { subject, description: 'Opened for the bulk edit', priority: 'low' },
  });
  assert.equal(response.status, 201, JSON.stringify(response.body));
  return response.body;
}

describe('tickets', () => {
  const { e2e } = useBrowser('tickets');

  e2e(
    'a practice opens a ticket with a file; staff answer and note; the practice sees the answer and its mail, never the note',
    async ({ page, browser }) => {
      const marker = Date.now().toString(36);
      const subject = `Shifted result ${marker}`;
      const answer = `Please upload the lower jaw again (${marker}).`;
      const note = `INTERNAL ${marker}: the practice used an old scanner`;

      // The practice opens the ticket with a file.
      await loginViaUi(page, PRACTICE.mail, PRACTICE.password);
      await gotoPath(page, '/tickets/create');
      const form = page.getByTestId('ticket-form');
      await form.waitFor();
      await page.getByTestId('ticket-subject').fill(subject);
      await page.getByTestId('ticket-description').fill('The upper jaw result is 2 mm off.');
      await page.getByTestId('ticket-priority').selectOption('high');
      await form.locator('input[type="file"]').setInputFiles({
        name: `scan-notes-${marker}.txt`,
        mimeType: 'text/plain',
        buffer: Buffer.from('notes of the scan'),
      });
      await page.getByTestId('ticket-submit').click();
      await page.getByTestId('ticket-edit').waitFor();
      assert.match(pathOf(page), /^\/tickets\/[0-9a-f-]{36}\/edit$/);
      const ticketPath = pathOf(page);
      const ticketId = ticketPath.split('/')[2]!;
      await page.getByTestId('ticket-description').getByText(`scan-notes-${marker}.txt`).waitFor();
      const number = ((await page.getByRole('heading', { level: 1 }).textContent()) ?? '').match(/T-\d{4}-\d{6}/)?.[0];
      assert.ok(number, 'the ticket number is shown');

      // Staff answer publicly and add an internal note.
      const staff = await newPage(browser);
      try {
        const other = staff.page;
        await loginViaUi(other, STAFF.mail, STAFF.password);
        await gotoPath(other, ticketPath);
        await other.getByTestId('ticket-conversation').waitFor();
        await other.getByTestId('ticket-reply-body').fill(answer);
        await other.getByTestId('ticket-reply-send').click();
        await other.getByTestId('ticket-answer').filter({ hasText: answer }).waitFor();
        await other.getByTestId('ticket-reply-visibility').getByText('Internal note').click();
        await other.getByTestId('ticket-reply-body').fill(note);
        await other.getByTestId('ticket-reply-send').click();
        await other.getByTestId('ticket-note').filter({ hasText: note }).waitFor();
        // The first answer opened the ticket.
        assert.equal(await other.getByTestId('ticket-status-select').inputValue(), 'open');
      } finally {
        await staff.context.close();
      }

      // The practice sees the answer, not the note, on the page and in every answer of the API.
      await page.reload();
      await page.getByTestId('ticket-answer').filter({ hasText: answer }).waitFor();
      assert.equal(await page.getByTestId('ticket-note').count(), 0);
      assert.ok(!((await page.content()) ?? '').includes(marker.concat(': the practice')));
      const practiceToken = await loginApi(PRACTICE.mail, PRACTICE.password);
      for (const path of [`/api/ticket/${ticketId}`, `/api/ticket/comments?ticket_id=${ticketId}`, '/api/ticket']) {
        const response = await apiCall('GET', path, { token: practiceToken });
        assert.equal(response.status, 200);
        assert.ok(!JSON.stringify(response.body).includes('old scanner'), `${path} leaks the internal note`);
      }

      // The mails: the confirmation and the answer reached the practice; none carries the note.
      const adminToken = await loginApi(ADMIN.mail, ADMIN.password);
      const mails = await mailsOfTicket(adminToken, number, 2);
      const toPractice = mails.filter((m) => m.to === PRACTICE.mail);
      const answered = toPractice.find((m) => m.event === 'ticket.answered');
      assert.ok(answered, `the answer was mailed to the practice: ${JSON.stringify(mails.map((m) => m.event))}`);
      assert.ok(answered.text?.includes(answer), 'the mail carries the public answer');
      assert.ok(toPractice.some((m) => m.event === 'ticket.received'));
      for (const mail of mails) assert.ok(!`${mail.subject} ${mail.text}`.includes('old scanner'));

      // The practice corrects its own reply in place and deletes it after confirming; the answer is not its to change.
      const reply = `Reply of the practice ${marker}`;
      await page.getByTestId('ticket-reply-body').fill(reply);
      await page.getByTestId('ticket-reply-send').click();
      await page.getByTestId('ticket-answer').filter({ hasText: reply }).waitFor();
      const staffAnswer = page.getByTestId('ticket-answer').filter({ hasText: answer });
      assert.equal(await staffAnswer.getByTestId('ticket-comment-edit').count(), 0);
      const own = page.getByTestId('ticket-answer').last();
      await own.getByTestId('ticket-comment-edit').click();
      await own.getByTestId('ticket-comment-editor').fill(`${reply}, corrected`);
      await own.getByTestId('ticket-comment-save').click();
      await own.getByTestId('ticket-comment-edited').waitFor();
      assert.equal(await own.getByTestId('ticket-comment-body').textContent(), `${reply}, corrected`);
      await own.getByTestId('ticket-comment-delete').click();
      await page.getByTestId('confirm-delete').getByText('Do you want to delete this record?').waitFor();
      await page.getByTestId('confirm-delete-submit').click();
      await page.getByTestId('ticket-answer').filter({ hasText: reply }).waitFor({ state: 'detached' });
      await staffAnswer.waitFor();
    },
    { timeout: 120_000 },
  );

  e2e(
    'staff resolve three tickets at once and see the result per ticket',
    async ({ page }) => {
      const marker = `Bulk ${Date.now().toString(36)}`;
      const practiceToken = await loginApi(PRACTICE.mail, PRACTICE.password);
      const tickets = [
        await openTicketApi(practiceToken, `${marker} one`),
        await openTicketApi(practiceToken, `${marker} two`),
        await openTicketApi(practiceToken, `${marker} three`),
      ];

      await loginViaUi(page, STAFF.mail, STAFF.password);
      await gotoPath(page, `/tickets?q=${encodeURIComponent(marker)}`);
      const rows = page.getByTestId('ticket-row');
      await waitForValue(() => rows.count(), 3);
      for (const ticket of tickets) {
        await page.getByRole('checkbox', { name: `Select ticket ${ticket.number}` }).check();
      }
      await page.getByTestId('tickets-bulk-bar').getByText('3 tickets selected').waitFor();
      await page.getByTestId('tickets-bulk-status').selectOption('resolved');
      await page.getByTestId('tickets-bulk-apply').click();
      const result = page.getByTestId('ticket-bulk-result');
      await result.waitFor();
      await result.getByTestId('ticket-bulk-summary').getByText('Changed: 3. Refused: 0.').waitFor();
      assert.equal(await result.getByTestId('ticket-bulk-ok').count(), 3);

      for (const ticket of tickets) {
        const response = await apiCall<{ status: string }>('GET', `/api/ticket/${ticket.id}`, { token: practiceToken });
        assert.equal(response.body.status, 'resolved');
      }
    },
    { timeout: 90_000 },
  );
});
