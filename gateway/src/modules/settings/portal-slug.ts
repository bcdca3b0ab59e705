import type { EntityManager } from '@mikro-orm/postgresql';
import { slugFromName } from '@billpoint/proto';
import { Conflict } from '@billpoint/kit';
import { PortalSettingsMessages } from '@billpoint/proto';

const taken = async (em: EntityManager, slug: string, organizationId: string) =>
  (
    await em.execute<{ n: number }[]>(`select count(*)::int as n from gateway.organizations where portal_slug = ? and id <> ?`, [
      slug,
      organizationId,
    ])
  )[0]!.n > 0;

/**
 * Gives an organization without a portal address one made from its name (`acme`, then `acme-2`, `acme-3`, … when
 * taken). Concurrent first reads of two organizations with the same name: the unique index refuses the second, which
 * takes the next suffix. Answers the organization's slug.
 */
export async function ensurePortalSlug(em: EntityManager, organizationId: string, name: string): Promise<string> {
  const base = slugFromName(name);
  for (let n = 1; n < 1000; n++) {
    const candidate = n === 1 ? base : `${base.slice(0, 58)}-${n}`;
    if (await taken(em, candidate, organizationId)) continue;
    try {
      // Its own (nested) transaction: inside the sign-up's, a savepoint, so that a lost race does not abort the sign-up.
      const [row] = await em.transactional((inner) =>
        inner.execute<{ portal_slug: string }[]>(
          `update gateway.organizations set portal_slug = coalesce(portal_slug, ?) where id = ? returning portal_slug`,
          [candidate, organizationId],
        ),
      );
      return row?.portal_slug ?? candidate;
    } catch (err) {
      if ((err as { code?: string }).code !== '23505') throw err; // another organization took it meanwhile
    }
  }
  throw new Error(`no free portal address for ${base}`);
}

/** Sets an organization's portal address; 409 when another organization has it. */
export async function setPortalSlug(em: EntityManager, organizationId: string, slug: string): Promise<void> {
  if (await taken(em, slug, organizationId)) throw new Conflict(PortalSettingsMessages.slugTaken);
  try {
    await em.execute(`update gateway.organizations set portal_slug = ? where id = ?`, [slug, organizationId]);
  } catch (err) {
    if ((err as { code?: string }).code === '23505') throw new Conflict(PortalSettingsMessages.slugTaken);
    throw err;
  }
}
