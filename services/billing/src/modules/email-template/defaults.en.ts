import type { EmailTemplateInput, EmailTemplateType } from '@billpoint/proto';

/** A paragraph per line of the HTML part; `{{…}}` outputs are escaped by the HTML engine. */
/** A paragraph shown only when the organization has a portal address (`{{ portalLink }}` is empty until it has one). */
export const ifPortal = (paragraph: string) => ({ ifPortal: paragraph });
type Paragraph = string | { ifPortal: string };
const wrap = (p: Paragraph, draw: (s: string) => string) =>
  typeof p === 'string' ? draw(p) : `{% if portalLink != blank %}${draw(p.ifPortal)}{% endif %}`;

export const html = (...paragraphs: Paragraph[]) =>
  `<div style="font-family: Arial, Helvetica, sans-serif; font-size: 14px; line-height: 1.5; color: #1f2937">\n${paragraphs
    .map((p) => `  ${wrap(p, (x) => `<p>${x}</p>`)}`)
    .join('\n')}\n</div>\n`;
/** Paragraphs separated by a blank line; a portal paragraph brings its own separator, so none is left empty. */
export const text = (...paragraphs: Paragraph[]) =>
  paragraphs.map((p, i) => (i === 0 ? wrap(p, (x) => x) : wrap(p, (x) => `\n\n${x}`))).join('') + '\n';
export const button = (href: string, label: string) =>
  `<a href="{{ ${href} }}" style="display: inline-block; padding: 10px 16px; background: #2563eb; color: #ffffff; text-decoration: none; border-radius: 6px">${label}</a>`;

/** The built-in English templates (no product name: they are sent by the organization, white-label or not). */
export const EN_DEFAULTS: Record<EmailTemplateType, EmailTemplateInput> = {
  invoice: {
    subject: 'Invoice {{ invoice.number }} from {{ organization.name }}',
    htmlContent: html(
      'Hello {{ customer.name }},',
      'please find attached invoice {{ invoice.number }} for {{ invoice.total }}, due on {{ invoice.dueDate }}.',
      button('payLink', 'View and pay online'),
      ifPortal('You can see all your invoices in the customer portal: <a href="{{ portalLink }}">{{ portalLink }}</a>'),
      'Thank you,<br>{{ organization.name }}',
    ),
    textContent: text(
      'Hello {{ customer.name }},',
      'please find attached invoice {{ invoice.number }} for {{ invoice.total }}, due on {{ invoice.dueDate }}.',
      'View and pay it online: {{ payLink }}',
      ifPortal('All your invoices in the customer portal: {{ portalLink }}'),
      'Thank you,\n{{ organization.name }}',
    ),
  },
  reminder: {
    subject:
      '{% if invoice.isOverdue %}Reminder: invoice {{ invoice.number }} from {{ organization.name }} is overdue{% else %}Reminder: invoice {{ invoice.number }} from {{ organization.name }} is due on {{ invoice.dueDate }}{% endif %}',
    htmlContent: html(
      'Hello {{ customer.name }},',
      '{% if invoice.isOverdue %}this is a friendly reminder that invoice {{ invoice.number }} for {{ invoice.total }} was due on {{ invoice.dueDate }} and is still unpaid.{% else %}this is a friendly reminder that invoice {{ invoice.number }} for {{ invoice.total }} is due on {{ invoice.dueDate }}.{% endif %}',
      'Balance due: {{ invoice.balanceDue }}.',
      button('payLink', 'Pay online'),
      ifPortal('Customer portal: <a href="{{ portalLink }}">{{ portalLink }}</a>'),
      'The current invoice is attached. If you have already paid, please disregard this message.',
      'Thank you,<br>{{ organization.name }}',
    ),
    textContent: text(
      'Hello {{ customer.name }},',
      '{% if invoice.isOverdue %}this is a friendly reminder that invoice {{ invoice.number }} for {{ invoice.total }} was due on {{ invoice.dueDate }} and is still unpaid.{% else %}this is a friendly reminder that invoice {{ invoice.number }} for {{ invoice.total }} is due on {{ invoice.dueDate }}.{% endif %}',
      'Balance due: {{ invoice.balanceDue }}. Pay it online: {{ payLink }}',
      ifPortal('Customer portal: {{ portalLink }}'),
      'The current invoice is attached. If you have already paid, please disregard this message.',
      'Thank you,\n{{ organization.name }}',
    ),
  },
  payment_received: {
    subject: 'Receipt {{ receipt.number }} from {{ organization.name }}',
    htmlContent: html(
      'Hello {{ customer.name }},',
      'thank you for your payment of {{ payment.amount }} on {{ payment.date }} ({{ payment.method }}) for invoice(s) {{ payment.invoices }}.',
      'Your receipt {{ receipt.number }} is attached.',
      ifPortal('Customer portal: <a href="{{ portalLink }}">{{ portalLink }}</a>'),
      'Thank you,<br>{{ organization.name }}',
    ),
    textContent: text(
      'Hello {{ customer.name }},',
      'thank you for your payment of {{ payment.amount }} on {{ payment.date }} ({{ payment.method }}) for invoice(s) {{ payment.invoices }}.',
      'Your receipt {{ receipt.number }} is attached.',
      ifPortal('Customer portal: {{ portalLink }}'),
      'Thank you,\n{{ organization.name }}',
    ),
  },
  welcome: {
    subject: 'Your customer portal at {{ organization.name }}',
    htmlContent: html(
      'Hello {{ customer.name }},',
      '{{ organization.name }} invites you to its customer portal: see your invoices and what you owe, download statements and receipts, and pay online.',
      button('portalLink', 'Open the customer portal'),
      'Sign in with this e-mail address ({{ customer.email }}); we send you a sign-in link.',
      'Kind regards,<br>{{ organization.name }}',
    ),
    textContent: text(
      'Hello {{ customer.name }},',
      '{{ organization.name }} invites you to its customer portal: see your invoices and what you owe, download statements and receipts, and pay online.',
      ifPortal('Open the customer portal: {{ portalLink }}'),
      'Sign in with this e-mail address ({{ customer.email }}); we send you a sign-in link.',
      'Kind regards,\n{{ organization.name }}',
    ),
  },
  custom: {
    subject: 'About invoice {{ invoice.number }} from {{ organization.name }}',
    htmlContent: html(
      'Hello {{ customer.name }},',
      'a note about invoice {{ invoice.number }} ({{ invoice.total }}, balance due {{ invoice.balanceDue }}).',
      button('payLink', 'View the invoice'),
      'Kind regards,<br>{{ organization.name }}',
    ),
    textContent: text(
      'Hello {{ customer.name }},',
      'a note about invoice {{ invoice.number }} ({{ invoice.total }}, balance due {{ invoice.balanceDue }}).',
      'View the invoice: {{ payLink }}',
      'Kind regards,\n{{ organization.name }}',
    ),
  },
};
