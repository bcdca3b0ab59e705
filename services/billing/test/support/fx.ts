import { createServer, type Server } from 'node:http';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The ECB-format fixture: 2026-11-20, 1 EUR = 1.10 USD, 165 JPY, 0.88 GBP, 1.54 CAD, 1.65 AUD, 0.935 CHF. */
export const FX_FIXTURE_DATE = '2026-11-20';
export const fxFixtureXml = (): string => readFileSync(join(import.meta.dirname, '..', 'fixtures', 'eurofxref-daily.xml'), 'utf8');

/** Serves the fixture (or what `body()` answers) on 127.0.0.1 like the ECB's daily XML; counts the requests. */
export async function serveRates(
  body: () => string = fxFixtureXml,
): Promise<{ url: string; requests: () => number; close(): Promise<void> }> {
  let n = 0;
  const server: Server = createServer((_req, res) => {
    n++;
    res.writeHead(200, { 'content-type': 'text/xml' }).end(body());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}/stats/eurofxref/eurofxref-daily.xml`,
    requests: () => n,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
