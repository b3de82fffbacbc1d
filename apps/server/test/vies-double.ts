import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A test double of the EU VIES REST service (ADR 0055), which these tests cannot reach: a real HTTP
 * server on 127.0.0.1 that speaks the same contract: `POST /check-vat-number` with
 * `{ countryCode, vatNumber }`, answering `{ countryCode, vatNumber, requestDate, valid, name, address }`,
 * or an error as `{ actionSucceed: false, errorWrappers: [{ error, message }] }`.
 * Each VAT id (prefix + number) answers as the test sets it; unknown ids are invalid.
 */
export type ViesBehaviour =
  | { valid: true; name?: string; address?: string }
  | { valid: false }
  /** An error answer VIES gives, with its HTTP status (VIES sends some with 200). */
  | { error: string; status?: number }
  /** Answers valid only after this many milliseconds. */
  | { delayMs: number };

export type ViesDouble = {
  url: string;
  /** Every request received: countryCode + vatNumber, e.g. DE136695976. */
  requests: string[];
  set(vatId: string, behaviour: ViesBehaviour): void;
  close(): Promise<void>;
};

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

async function readBody(req: IncomingMessage): Promise<string> {
  let body = '';
  for await (const chunk of req) body += chunk;
  return body;
}

export async function startViesDouble(): Promise<ViesDouble> {
  const behaviours = new Map<string, ViesBehaviour>();
  const requests: string[] = [];
  const server = createServer((req, res) => {
    void (async () => {
      if (req.method !== 'POST' || req.url !== '/check-vat-number') return json(res, 404, { message: 'Not found' });
      let input: { countryCode?: unknown; vatNumber?: unknown };
      try {
        input = JSON.parse(await readBody(req));
      } catch {
        return json(res, 400, { actionSucceed: false, errorWrappers: [{ error: 'INVALID_INPUT' }] });
      }
      const { countryCode, vatNumber } = input;
      if (typeof countryCode !== 'string' || typeof vatNumber !== 'string' || !/^[A-Z]{2}$/.test(countryCode)) {
        return json(res, 400, { actionSucceed: false, errorWrappers: [{ error: 'INVALID_INPUT' }] });
      }
      const vatId = `${countryCode}${vatNumber}`;
      requests.push(vatId);
      const behaviour = behaviours.get(vatId) ?? { valid: false };
      const answer = (valid: boolean, name = '---', address = '---') =>
        json(res, 200, {
          countryCode,
          vatNumber,
          requestDate: new Date().toISOString(),
          valid,
          requestIdentifier: '',
          name: valid ? name : '---',
          address: valid ? address : '---',
          traderName: '---',
          traderStreet: '---',
          traderPostalCode: '---',
          traderCity: '---',
          traderCompanyType: '---',
          traderNameMatch: 'NOT_PROCESSED',
          traderStreetMatch: 'NOT_PROCESSED',
          traderPostalCodeMatch: 'NOT_PROCESSED',
          traderCityMatch: 'NOT_PROCESSED',
          traderCompanyTypeMatch: 'NOT_PROCESSED',
        });
      if ('error' in behaviour) {
        return json(res, behaviour.status ?? 200, {
          actionSucceed: false,
          errorWrappers: [{ error: behaviour.error, message: `VIES test double: ${behaviour.error}` }],
        });
      }
      if ('delayMs' in behaviour) {
        const timer = setTimeout(() => answer(true), behaviour.delayMs);
        res.on('close', () => clearTimeout(timer));
        return;
      }
      return behaviour.valid ? answer(true, behaviour.name, behaviour.address) : answer(false);
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    set: (vatId, behaviour) => behaviours.set(vatId, behaviour),
    close: () =>
      new Promise((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
