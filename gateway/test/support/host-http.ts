import { request } from 'node:http';

export interface HostAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  json: any;
}

/**
 * One HTTP request to the gateway at `base` with the Host header `host` (fetch cannot set Host): what a browser on an
 * organization's custom domain sends. JSON bodies, the CSRF header, optional cookies.
 */
export function hostRequest(
  base: string,
  host: string,
  method: string,
  path: string,
  o: { body?: unknown; cookie?: string; headers?: Record<string, string> } = {},
): Promise<HostAnswer> {
  const url = new URL(path, base);
  const payload = o.body === undefined ? undefined : JSON.stringify(o.body);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        method,
        path: url.pathname + url.search,
        headers: {
          host,
          'x-requested-with': 'XMLHttpRequest',
          ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
          ...(o.cookie ? { cookie: o.cookie } : {}),
          ...o.headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let json: unknown;
          try {
            json = text ? JSON.parse(text) : undefined;
          } catch {
            json = undefined;
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json });
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}
