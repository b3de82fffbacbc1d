import { createHmac, timingSafeEqual } from 'node:crypto';
import type { EngineJob } from '@cuspid/contracts/cases';
import type { Deps } from '../../../deps';
import type { Engine, EngineRun } from '../cases.engine';

/**
 * The external engine adapter (ADR 0101): each attempt of a processing run is POSTed as a signed JSON job
 * to ENGINE_URL, with short-lived download links to the scans. A 2xx answer means the engine took the job
 * (`dispatched`); it then saves its results and reports the outcome through the API with an API key
 * holding backoffice-case-engine. A timeout, a network error or any other answer is a failed attempt.
 */

/** The header carrying the signature of a job: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`. */
export const ENGINE_SIGNATURE_HEADER = 'Cuspid-Signature';
/** How long the engine has to take a job before the attempt counts as failed. */
export const ENGINE_POST_TIMEOUT_MS = 30_000;
/** How old a signature an engine should accept (its clock and ours may differ a little). */
export const ENGINE_SIGNATURE_TOLERANCE_SECONDS = 300;

/** The job id of a run: the case and its processing run (`job_id` of the job, echoed by the engine's calls). */
export const engineJobId = (caseId: string, run: number) => `${caseId}:${run}`;

/** The run a job id names, or null if it is not one. */
export function runOfJobId(jobId: string): { caseId: string; run: number } | null {
  const match = /^([0-9a-f-]{36}):(\d{1,9})$/.exec(jobId);
  return match ? { caseId: match[1]!, run: Number(match[2]) } : null;
}

const hmac = (secret: string, timestamp: number, body: string) =>
  createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');

/** The signature header value of a body, signed now (or at `timestamp`, unix seconds). */
export function signEngineBody(secret: string, body: string, timestamp = Math.floor(Date.now() / 1000)): string {
  return `t=${timestamp},v1=${hmac(secret, timestamp, body)}`;
}

/**
 * Checks a job's signature as an engine does: the header's timestamp is within the tolerance of now, and
 * one of its `v1` values is the HMAC-SHA256 of `<t>.<raw body>` with the shared secret (compared in constant
 * time). The raw body is the exact bytes received, before any JSON parsing.
 */
export function verifyEngineSignature(
  secret: string,
  header: string | null | undefined,
  rawBody: string | Buffer,
  options: { toleranceSeconds?: number; now?: number } = {},
): boolean {
  if (!header) return false;
  const tolerance = options.toleranceSeconds ?? ENGINE_SIGNATURE_TOLERANCE_SECONDS;
  const now = options.now ?? Math.floor(Date.now() / 1000);
  let timestamp: number | undefined;
  const signatures: string[] = [];
  for (const item of header.split(',')) {
    const [key, value] = item.trim().split('=', 2);
    if (key === 't' && value && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    else if (key === 'v1' && value && /^[0-9a-f]{64}$/.test(value)) signatures.push(value);
  }
  if (timestamp === undefined || !signatures.length || Math.abs(now - timestamp) > tolerance) return false;
  const expected = Buffer.from(
    hmac(secret, timestamp, typeof rawBody === 'string' ? rawBody : rawBody.toString('utf8')),
  );
  return signatures.some((signature) => timingSafeEqual(Buffer.from(signature), expected));
}

/** The job an attempt of a run sends: the teeth, and each jaw's scan as a link valid ENGINE_LINK_SECONDS. */
export async function engineJobOf(deps: Deps, run: EngineRun): Promise<EngineJob> {
  const { linkSeconds } = deps.config.cases.external;
  return {
    job_id: engineJobId(run.caseId, run.run),
    case_id: run.caseId,
    attempt: run.attempt,
    upper_teeth: run.upperTeeth,
    lower_teeth: run.lowerTeeth,
    jaws: await Promise.all(
      run.jaws.map(async (jaw) => ({
        jaw: jaw.jaw,
        file_name: jaw.fileName,
        size: jaw.size,
        sha256: jaw.sha256,
        url: await deps.storage.signedUrl(jaw.storageKey, { expiresInSeconds: linkSeconds, fileName: jaw.fileName }),
      })),
    ),
    api_base_url: `${deps.config.publicUrl}${deps.config.serviceUrls.api}`,
    expires_at: new Date(Date.now() + linkSeconds * 1000).toISOString(),
  };
}

/** Why a job could not be handed over, as the case's log and processing error show it. */
function describeFailure(err: unknown, timeoutMs: number): string {
  const error = err as { name?: string; message?: string; cause?: { code?: string; message?: string } };
  if (error.name === 'TimeoutError' || error.name === 'AbortError')
    return `The engine did not answer within ${timeoutMs / 1000} s`;
  const cause = error.cause?.code ?? error.cause?.message;
  return `The engine could not be reached${cause ? ` (${cause})` : error.message ? ` (${error.message})` : ''}`;
}

/** The external engine; `timeoutMs` is how long it has to take a job (ENGINE_POST_TIMEOUT_MS). */
export const createExternalEngine = (options: { timeoutMs?: number } = {}): Engine => ({
  id: 'external',
  async process(deps, run) {
    const timeoutMs = options.timeoutMs ?? ENGINE_POST_TIMEOUT_MS;
    const { url, signingSecret } = deps.config.cases.external;
    if (!url || !signingSecret) throw new Error('ENGINE_URL and ENGINE_SIGNING_SECRET are not set');
    const body = JSON.stringify(await engineJobOf(deps, run));
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': 'cuspid-engine-dispatch',
          [ENGINE_SIGNATURE_HEADER]: signEngineBody(signingSecret, body),
        },
        body,
        signal: AbortSignal.timeout(timeoutMs),
        redirect: 'error',
      });
    } catch (err) {
      throw new Error(describeFailure(err, timeoutMs));
    }
    // The answer's body is not needed (and not trusted); a short excerpt explains a refusal in the log.
    const text = await response.text().catch(() => '');
    if (!response.ok) {
      const excerpt = text.replace(/\s+/g, ' ').trim().slice(0, 200);
      throw new Error(`The engine answered ${response.status}${excerpt ? `: ${excerpt}` : ''}`);
    }
    return 'dispatched';
  },
});

export const externalEngine = createExternalEngine();
