import { createHash } from 'node:crypto';
import { jawFixtureStl } from '@cuspid/mesh/testing';
import { apiCall } from './api';
import { baseUrl } from './env';

const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

/** A jaw scan as a practice's scanner exports it: a binary STL of a generated arch (a few thousand triangles). */
export const jawScan = (jaw: 'upper' | 'lower', triangles = 6000) => Buffer.from(jawFixtureStl({ jaw, triangles }));

/** Starts an upload through the tus endpoint and sends all its bytes: its id and the answer to its last byte. */
export async function sendScanApi(token: string, bytes: Buffer, fileName: string) {
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
  return { id, sent };
}

/** Uploads a scan through the tus endpoint as the browser does, and completes it with its sha256. */
export async function uploadScanApi(token: string, bytes: Buffer, fileName: string): Promise<string> {
  const { id, sent } = await sendScanApi(token, bytes, fileName);
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
export async function createCaseApi(token: string, name: string, patient = 'P-walk'): Promise<string> {
  const upper = await uploadScanApi(token, jawScan('upper'), 'upper.stl');
  const lower = await uploadScanApi(token, jawScan('lower'), 'lower.stl');
  const created = await apiCall<{ id: string }>('POST', '/api/case-lists', {
    token,
    body: {
      name,
      patient,
      upper_teeth: [11],
      lower_teeth: [36],
      upper_upload_id: upper,
      lower_upload_id: lower,
    },
  });
  if (created.status !== 201) throw new Error(`create case: HTTP ${created.status} ${JSON.stringify(created.body)}`);
  return created.body.id;
}

/**
 * A flat square plate as a binary STL: `cells` × `cells` squares of `step` mm at z = 0, two triangles each. Its
 * corners lie exactly `step` mm apart: a model with known distances for the viewer's measuring.
 */
export function plateStl(cells = 3, step = 10): Buffer {
  const triangles = cells * cells * 2;
  const bytes = Buffer.alloc(84 + triangles * 50);
  bytes.write('cuspid e2e plate', 0, 'ascii');
  bytes.writeUInt32LE(triangles, 80);
  let offset = 84;
  const corner = (i: number, j: number) => [i * step, j * step, 0];
  const write = (points: number[][]) => {
    const values = [0, 0, 1, ...points.flat()];
    for (const value of values) {
      bytes.writeFloatLE(value, offset);
      offset += 4;
    }
    offset += 2; // attribute byte count
  };
  for (let i = 0; i < cells; i++) {
    for (let j = 0; j < cells; j++) {
      write([corner(i, j), corner(i + 1, j), corner(i + 1, j + 1)]);
      write([corner(i, j), corner(i + 1, j + 1), corner(i, j + 1)]);
    }
  }
  return bytes;
}

/** A case with a lower jaw scan only, uploaded from `bytes`. */
export async function createLowerJawCaseApi(token: string, name: string, bytes: Buffer): Promise<string> {
  const lower = await uploadScanApi(token, bytes, 'lower.stl');
  const created = await apiCall<{ id: string }>('POST', '/api/case-lists', {
    token,
    body: { name, patient: 'P-plate', upper_teeth: [], lower_teeth: [36], lower_upload_id: lower },
  });
  if (created.status !== 201) throw new Error(`create case: HTTP ${created.status} ${JSON.stringify(created.body)}`);
  return created.body.id;
}
