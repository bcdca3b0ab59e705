/**
 * Writes src/schema.ts: the types openapi-typescript makes from the OpenAPI document the gateway serves at
 * /api/v1/openapi.json (`openApiDocument`), with the `/api/v1` prefix taken off every path, since the client's base URL
 * ends in it. Run `npm run generate -w sdk` after any change to the public operations; sdk/test/schema.test.ts fails
 * until the committed file is what this makes.
 */
import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import prettier from 'prettier';
import { PUBLIC_API_BASE } from '@billpoint/proto';
import { openApiDocument } from '../../gateway/src/modules/public-api/openapi.ts';

export const SCHEMA_FILE = fileURLToPath(new URL('../src/schema.ts', import.meta.url));
export const REGENERATE = 'npm run generate -w sdk';

/** The origin the document is made for; only its `servers` entry names it, and the types do not depend on it. */
const ORIGIN = 'https://billing.billpoint.app';

const HEADER = `/**
 * GENERATED FILE, DO NOT EDIT. The types of the Billpoint public API, made by openapi-typescript from the OpenAPI
 * document the gateway serves at ${PUBLIC_API_BASE}/openapi.json, paths relative to ${PUBLIC_API_BASE}.
 * Regenerate with \`${REGENERATE}\` (sdk/scripts/generate.ts) whenever a public operation changes.
 */
`;

/** The document with its paths relative to the API's base. */
export function sdkDocument(): Record<string, unknown> {
  const doc = openApiDocument(ORIGIN) as { paths: Record<string, unknown> } & Record<string, unknown>;
  const paths: Record<string, unknown> = {};
  for (const [path, item] of Object.entries(doc.paths)) {
    if (!path.startsWith(`${PUBLIC_API_BASE}/`)) throw new Error(`${path} is not under ${PUBLIC_API_BASE}`);
    paths[path.slice(PUBLIC_API_BASE.length)] = item;
  }
  return { ...doc, paths };
}

/** The text src/schema.ts must hold, formatted as the repository's prettier settings write it. */
export async function generateSchema(): Promise<string> {
  const ast = await openapiTS(sdkDocument() as never, { alphabetize: false });
  const options = await prettier.resolveConfig(SCHEMA_FILE);
  return prettier.format(HEADER + astToString(ast), { ...options, filepath: SCHEMA_FILE });
}

if (import.meta.main) {
  await writeFile(SCHEMA_FILE, await generateSchema());
  console.log(`wrote ${SCHEMA_FILE}`);
}
