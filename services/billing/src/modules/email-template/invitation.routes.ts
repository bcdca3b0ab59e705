import type { FastifyInstance } from 'fastify';
import { PortalInvitationBody } from '@billpoint/proto';
import { BadGateway, NotFound, Unprocessable, type Mailer, type ServiceContext } from '@billpoint/kit';
import { loadOrganization, portalLink } from '../readmodel/organization.ts';
import { customerReadModel } from '../readmodel/customers.read-model.ts';
import { composeMail } from './email-template.service.ts';
import { mailLanguage, welcomeValues } from './variables.ts';

/**
 * POST /api/portal-invitations: the `welcome` template, with the portal link, to a customer's address.
 * 404 for a customer the organization does not have, 422 when it has no e-mail address; 204 once the mail was accepted.
 */
export function invitationRoutes(app: FastifyInstance, ctx: ServiceContext, mailer: Mailer) {
  const customers = customerReadModel(ctx);
  app.post(
    '/api/portal-invitations',
    { config: { permission: 'customers.write', contract: { body: PortalInvitationBody } } },
    async (req, reply) => {
      const { customerId } = PortalInvitationBody.parse(req.body);
      const tenantId = req.identity.tenantId;
      // The read model, asked of the customers service when its event has not arrived yet (a customer just created).
      const found = await customers.get(tenantId, customerId);
      const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);
      const customer = found ? { name: text(found.name), email: text(found.email) } : null;
      if (!customer) throw new NotFound('Customer not found');
      if (!customer.email) throw new Unprocessable('This customer has no e-mail address. Add one to the customer before inviting them.');
      const org = await loadOrganization(ctx, tenantId);
      const url = (ctx.config as unknown as { PUBLIC_URL: string }).PUBLIC_URL;
      const mail = await composeMail(
        ctx,
        tenantId,
        org,
        'welcome',
        mailLanguage(null, org),
        welcomeValues(customer, org, portalLink(org, url)),
      );
      try {
        await mailer.send({ to: customer.email, ...mail });
      } catch (err) {
        ctx.logger.warn({ err, tenantId, customerId }, 'sending the portal invitation failed');
        throw new BadGateway('The invitation could not be sent: the mail server did not accept the message. Please try again.');
      }
      return reply.status(204).send();
    },
  );
}
