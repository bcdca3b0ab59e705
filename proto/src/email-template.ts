import { z } from 'zod';
import { SettingsLanguages } from './settings.ts';

/**
 * Editable e-mail templates (email_templates). Billing owns them and renders them with a sandboxed
 * Liquid engine (no filesystem, no code, only the variables below); every e-mail the services send to a customer
 * uses the organization's template of its type and language when it has one, else the built-in default.
 */
export const EmailTemplateTypes = ['invoice', 'reminder', 'payment_received', 'welcome', 'custom'] as const;
export const EmailTemplateType = z.enum(EmailTemplateTypes, { error: `Type must be one of ${EmailTemplateTypes.join(', ')}` });
export type EmailTemplateType = z.infer<typeof EmailTemplateType>;

/** What each type is for (the Settings screen says it). */
export const EmailTemplateDescriptions: Record<EmailTemplateType, string> = {
  invoice: 'Sent with an invoice (Send Invoice, recurring invoices sent automatically).',
  reminder: 'Sent as a payment reminder for an unpaid invoice.',
  payment_received: 'Sent to the customer with the receipt for every completed payment.',
  welcome: 'Sent when a customer is invited to the customer portal.',
  custom: 'A free message about an invoice, sent from the invoice page.',
};

/** The variables a template may use, with what they hold; `link: true` ones are URLs (never HTML-escaped in href). */
export const EmailTemplateVariables = [
  { name: 'invoice.number', description: 'The invoice number', types: ['invoice', 'reminder', 'custom'] },
  { name: 'invoice.total', description: 'The invoice total with its currency', types: ['invoice', 'reminder', 'custom'] },
  { name: 'invoice.balanceDue', description: 'What is left to pay, with its currency', types: ['invoice', 'reminder', 'custom'] },
  { name: 'invoice.issueDate', description: 'The issue date', types: ['invoice', 'reminder', 'custom'] },
  { name: 'invoice.dueDate', description: 'The due date', types: ['invoice', 'reminder', 'custom'] },
  { name: 'invoice.currency', description: 'The invoice currency', types: ['invoice', 'reminder', 'custom'] },
  { name: 'invoice.isOverdue', description: 'True when the due date has passed (use it in {% if %})', types: ['reminder'] },
  { name: 'payment.amount', description: 'The amount received, with its currency', types: ['payment_received'] },
  { name: 'payment.date', description: 'The day the money arrived', types: ['payment_received'] },
  { name: 'payment.method', description: 'How it was paid', types: ['payment_received'] },
  { name: 'payment.invoices', description: 'The invoice numbers the payment settled', types: ['payment_received'] },
  { name: 'receipt.number', description: 'The receipt number', types: ['payment_received'] },
  { name: 'customer.name', description: "The customer's name", types: EmailTemplateTypes },
  { name: 'customer.email', description: "The customer's e-mail address", types: EmailTemplateTypes },
  { name: 'organization.name', description: 'Your organization name', types: EmailTemplateTypes },
  { name: 'organization.email', description: 'Your contact e-mail', types: EmailTemplateTypes },
  { name: 'payLink', description: "The invoice's pay page", types: ['invoice', 'reminder', 'custom'], link: true },
  { name: 'portalLink', description: "The customer portal's sign-in page", types: EmailTemplateTypes, link: true },
] as const satisfies readonly { name: string; description: string; types: readonly EmailTemplateType[]; link?: boolean }[];

export const EmailTemplateLanguage = z.enum(SettingsLanguages, { error: `Language must be one of ${SettingsLanguages.join(', ')}` });

export const EMAIL_TEMPLATE_LIMITS = { subject: 300, html: 100_000, text: 50_000 } as const;

/** PUT /api/email-templates/{type}?language=: the organization's version of a type in a language. */
export const EmailTemplateBody = z.strictObject({
  subject: z
    .string({ error: 'Subject is required' })
    .trim()
    .min(1, 'Subject is required')
    .max(EMAIL_TEMPLATE_LIMITS.subject, `Subject must be at most ${EMAIL_TEMPLATE_LIMITS.subject} characters`),
  htmlContent: z
    .string({ error: 'HTML content must be text' })
    .max(EMAIL_TEMPLATE_LIMITS.html, `HTML content must be at most ${EMAIL_TEMPLATE_LIMITS.html} characters`),
  textContent: z
    .string({ error: 'Text content is required' })
    .trim()
    .min(1, 'Text content is required')
    .max(EMAIL_TEMPLATE_LIMITS.text, `Text content must be at most ${EMAIL_TEMPLATE_LIMITS.text} characters`),
});
export type EmailTemplateInput = z.output<typeof EmailTemplateBody>;
export const EmailTemplateParams = z.object({ type: EmailTemplateType });
/** Other query parameters are ignored (as the other list queries do). */
export const EmailTemplateQuery = z.object({ language: EmailTemplateLanguage.default('en') });

export const EmailTemplate = z.object({
  type: EmailTemplateType,
  language: z.string(),
  subject: z.string(),
  htmlContent: z.string(),
  textContent: z.string(),
  /** False: the built-in default (nothing saved for this type and language). */
  customized: z.boolean(),
  updatedAt: z.string().nullable(),
});
export type EmailTemplate = z.infer<typeof EmailTemplate>;

/** POST /api/email-templates/{type}/preview: renders a body (saved or not) with sample values. */
export const EmailTemplatePreview = z.object({ subject: z.string(), html: z.string(), text: z.string() });
export type EmailTemplatePreview = z.infer<typeof EmailTemplatePreview>;

/** POST /api/portal-invitations: e-mails a customer the `welcome` template with the portal link (204). */
export const PortalInvitationBody = z.strictObject({
  customerId: z.number({ error: 'Customer is required' }).int('Customer is required').positive('Customer is required'),
});
export type PortalInvitationBody = z.infer<typeof PortalInvitationBody>;
