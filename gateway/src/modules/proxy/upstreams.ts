import type { ServiceEntry } from '@billpoint/proto/services';
import { upstreamUrl, type Config } from '../../config.ts';

export interface Upstream extends ServiceEntry {
  url: string;
}

/** Which service answers which `/api` prefix and public route: the registry's entries, each with its `<NAME>_URL`. */
export const upstreams = (c: Config, registry: readonly ServiceEntry[]): Upstream[] =>
  registry.map((s) => ({ ...s, url: upstreamUrl(c, s.name) }));
