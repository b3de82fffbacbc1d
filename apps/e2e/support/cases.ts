import { createHash } from 'node:crypto';
import { jawFixtureStl } from '@cuspid/mesh/testing';
import { apiCall } from './api';
import { baseUrl } from './env';

const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

/** A jaw scan as a practice's scanner exports it: a binary STL of a generated arch (a few thousand triangles). */
export const jawScan = (jaw: 'upper' | 'lower', triangles = 6000) => Buffer.from(jawFixtureStl({ jaw, triangles }));

/** Uploads a scan through the tus endpoint as the browser does, and completes it with its sha256. */
export async function uploadScanApi(token: string, bytes: Buffer, fileName: string): Promise<string> {
  const auth = { Authorization: `Bearer ${token}`, 'Tus-Resumable': '1.0.0' };
  const created = await fetch(`${baseUrl()}/api/uploads`, {
    method: 'POST',
    headers: {
      ...auth,
      'Upload-Length': String(bytes.length),
      'Upload-Metadata': `filename ${b64(fileName)},filetype ${b64('model/stl')}`,
    },
  });
  if (created.status !== 201) throw new Error(`upload create: HTTP ${created.status} ${await created.text()}`);
  const id = String(created.headers.get('location')).split('/').pop()!;
  const sent = await fetch(`${baseUrl()}/api/uploads/${id}`, {
    method: 'PATCH',
    headers: { ...auth, 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' },
    body: new Uint8Array(bytes),
  });
  if (sent.status !== 204) throw new Error(`upload send: HTTP ${sent.status} ${await sent.text()}`);
  const done = await apiCall('POST', `/api/uploads/${id}/complete`, {
    token,
    body: { sha256: createHash('sha256').update(bytes).digest('hex') },
  });
  if (done.status !== 200) throw new Error(`upload complete: HTTP ${done.status} ${JSON.stringify(done.body)}`);
  return id;
}

/** Grants `amount` free credits to a company, as the back office does (a note is required). */
export async function grantCredits(adminToken: string, companyId: string, amount: number, note: string) {
  const granted = await apiCall('POST', '/api/grant-credits', {
    token: adminToken,
    body: { company_id: companyId, credit_type: 'free', amount, reason: 'manual_grant', note },
  });
  if (granted.status !== 200) throw new Error(`grant credits: HTTP ${granted.status} ${JSON.stringify(granted.body)}`);
}

/** A case of the practice behind `token`, submitted through the API with an upper and a lower jaw scan. */
export async function createCaseApi(token: string, name: string): Promise<string> {
  const upper = await uploadScanApi(token, jawScan('upper'), 'upper.stl');
  const lower = await uploadScanApi(token, jawScan('lower'), 'lower.stl');
  const created = await apiCall<{ id: string }>('POST', '/api/case-lists', {
    token,
    body: {
      name,
      patient: 'P-walk',
      upper_teeth: [11],
      lower_teeth: [36],
      upper_upload_id: upper,
      lower_upload_id: lower,
    },
  });
  if (created.status !== 201) throw new Error(`create case: HTTP ${created.status} ${JSON.stringify(created.body)}`);
  return created.body.id;
}
