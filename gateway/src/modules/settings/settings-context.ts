import type { PlanLimits, ServiceContext } from '@billpoint/kit';
import type { Config } from '../../config.ts';
import { SettingsService } from './settings.service.ts';
import { CustomDomainVerification, parseDnsServers, TxtChecker } from './custom-domain.ts';

/** The organization settings of each running gateway (routes, the custom-domain job and the plan consumer share it). */
const settingsServices = new WeakMap<object, SettingsService>();
export function settingsOf(ctx: ServiceContext, plans: PlanLimits): SettingsService {
  let s = settingsServices.get(ctx);
  const c = ctx.config as Config;
  if (!s)
    settingsServices.set(
      ctx,
      (s = new SettingsService({
        orm: ctx.orm,
        published: () => ctx.relay.nudge(),
        plan: async (tenantId) => (await plans.grant(tenantId))?.grant ?? null,
        trustDomains: c.CUSTOM_DOMAIN_VERIFICATION === 'trust',
      })),
    );
  return s;
}

/** Custom-domain checks (Check now and the job) as the gateway's config says: by DNS (DNS_SERVERS) or trusted. */
export function domainVerificationOf(ctx: ServiceContext, plans: PlanLimits): CustomDomainVerification {
  const c = ctx.config as Config;
  return new CustomDomainVerification({
    orm: ctx.orm,
    settings: settingsOf(ctx, plans),
    txt: new TxtChecker({ servers: parseDnsServers(c.DNS_SERVERS) }),
    mode: c.CUSTOM_DOMAIN_VERIFICATION,
    logger: ctx.logger,
  });
}
