import type { EmailTemplateInput, EmailTemplateType } from '@billpoint/proto';
import { button, EN_DEFAULTS, html, ifPortal, text } from './defaults.en.ts';

type Localized = Partial<Record<EmailTemplateType, EmailTemplateInput>>;

const DE: Localized = {
  invoice: {
    subject: 'Rechnung {{ invoice.number }} von {{ organization.name }}',
    htmlContent: html(
      'Guten Tag {{ customer.name }},',
      'anbei erhalten Sie die Rechnung {{ invoice.number }} über {{ invoice.total }}, fällig am {{ invoice.dueDate }}.',
      button('payLink', 'Online ansehen und bezahlen'),
      ifPortal('Alle Ihre Rechnungen im Kundenportal: <a href="{{ portalLink }}">{{ portalLink }}</a>'),
      'Vielen Dank,<br>{{ organization.name }}',
    ),
    textContent: text(
      'Guten Tag {{ customer.name }},',
      'anbei erhalten Sie die Rechnung {{ invoice.number }} über {{ invoice.total }}, fällig am {{ invoice.dueDate }}.',
      'Online ansehen und bezahlen: {{ payLink }}',
      ifPortal('Alle Ihre Rechnungen im Kundenportal: {{ portalLink }}'),
      'Vielen Dank,\n{{ organization.name }}',
    ),
  },
  reminder: {
    subject:
      '{% if invoice.isOverdue %}Zahlungserinnerung: Rechnung {{ invoice.number }} von {{ organization.name }} ist überfällig{% else %}Zahlungserinnerung: Rechnung {{ invoice.number }} von {{ organization.name }} ist am {{ invoice.dueDate }} fällig{% endif %}',
    htmlContent: html(
      'Guten Tag {{ customer.name }},',
      '{% if invoice.isOverdue %}wir möchten Sie freundlich daran erinnern, dass die Rechnung {{ invoice.number }} über {{ invoice.total }} am {{ invoice.dueDate }} fällig war und noch offen ist.{% else %}wir möchten Sie freundlich daran erinnern, dass die Rechnung {{ invoice.number }} über {{ invoice.total }} am {{ invoice.dueDate }} fällig wird.{% endif %}',
      'Offener Betrag: {{ invoice.balanceDue }}.',
      button('payLink', 'Online bezahlen'),
      ifPortal('Kundenportal: <a href="{{ portalLink }}">{{ portalLink }}</a>'),
      'Die aktuelle Rechnung ist beigefügt. Falls Sie bereits bezahlt haben, betrachten Sie diese Nachricht bitte als gegenstandslos.',
      'Vielen Dank,<br>{{ organization.name }}',
    ),
    textContent: text(
      'Guten Tag {{ customer.name }},',
      '{% if invoice.isOverdue %}wir möchten Sie freundlich daran erinnern, dass die Rechnung {{ invoice.number }} über {{ invoice.total }} am {{ invoice.dueDate }} fällig war und noch offen ist.{% else %}wir möchten Sie freundlich daran erinnern, dass die Rechnung {{ invoice.number }} über {{ invoice.total }} am {{ invoice.dueDate }} fällig wird.{% endif %}',
      'Offener Betrag: {{ invoice.balanceDue }}. Online bezahlen: {{ payLink }}',
      ifPortal('Kundenportal: {{ portalLink }}'),
      'Die aktuelle Rechnung ist beigefügt. Falls Sie bereits bezahlt haben, betrachten Sie diese Nachricht bitte als gegenstandslos.',
      'Vielen Dank,\n{{ organization.name }}',
    ),
  },
  payment_received: {
    subject: 'Zahlungsbestätigung {{ receipt.number }} von {{ organization.name }}',
    htmlContent: html(
      'Guten Tag {{ customer.name }},',
      'vielen Dank für Ihre Zahlung über {{ payment.amount }} am {{ payment.date }} ({{ payment.method }}) für Rechnung(en) {{ payment.invoices }}.',
      'Ihre Zahlungsbestätigung {{ receipt.number }} ist beigefügt.',
      ifPortal('Kundenportal: <a href="{{ portalLink }}">{{ portalLink }}</a>'),
      'Vielen Dank,<br>{{ organization.name }}',
    ),
    textContent: text(
      'Guten Tag {{ customer.name }},',
      'vielen Dank für Ihre Zahlung über {{ payment.amount }} am {{ payment.date }} ({{ payment.method }}) für Rechnung(en) {{ payment.invoices }}.',
      'Ihre Zahlungsbestätigung {{ receipt.number }} ist beigefügt.',
      ifPortal('Kundenportal: {{ portalLink }}'),
      'Vielen Dank,\n{{ organization.name }}',
    ),
  },
};

const FR: Localized = {
  invoice: {
    subject: 'Facture {{ invoice.number }} de {{ organization.name }}',
    htmlContent: html(
      'Bonjour {{ customer.name }},',
      'veuillez trouver ci-joint la facture {{ invoice.number }} d’un montant de {{ invoice.total }}, à régler avant le {{ invoice.dueDate }}.',
      button('payLink', 'Consulter et payer en ligne'),
      ifPortal('Toutes vos factures dans l’espace client : <a href="{{ portalLink }}">{{ portalLink }}</a>'),
      'Merci,<br>{{ organization.name }}',
    ),
    textContent: text(
      'Bonjour {{ customer.name }},',
      'veuillez trouver ci-joint la facture {{ invoice.number }} d’un montant de {{ invoice.total }}, à régler avant le {{ invoice.dueDate }}.',
      'Consulter et payer en ligne : {{ payLink }}',
      ifPortal('Toutes vos factures dans l’espace client : {{ portalLink }}'),
      'Merci,\n{{ organization.name }}',
    ),
  },
  reminder: {
    subject:
      '{% if invoice.isOverdue %}Rappel : la facture {{ invoice.number }} de {{ organization.name }} est en retard{% else %}Rappel : la facture {{ invoice.number }} de {{ organization.name }} est due le {{ invoice.dueDate }}{% endif %}',
    htmlContent: html(
      'Bonjour {{ customer.name }},',
      '{% if invoice.isOverdue %}nous vous rappelons que la facture {{ invoice.number }} d’un montant de {{ invoice.total }} était due le {{ invoice.dueDate }} et reste impayée.{% else %}nous vous rappelons que la facture {{ invoice.number }} d’un montant de {{ invoice.total }} est due le {{ invoice.dueDate }}.{% endif %}',
      'Solde dû : {{ invoice.balanceDue }}.',
      button('payLink', 'Payer en ligne'),
      ifPortal('Espace client : <a href="{{ portalLink }}">{{ portalLink }}</a>'),
      'La facture actuelle est jointe. Si vous avez déjà payé, merci de ne pas tenir compte de ce message.',
      'Merci,<br>{{ organization.name }}',
    ),
    textContent: text(
      'Bonjour {{ customer.name }},',
      '{% if invoice.isOverdue %}nous vous rappelons que la facture {{ invoice.number }} d’un montant de {{ invoice.total }} était due le {{ invoice.dueDate }} et reste impayée.{% else %}nous vous rappelons que la facture {{ invoice.number }} d’un montant de {{ invoice.total }} est due le {{ invoice.dueDate }}.{% endif %}',
      'Solde dû : {{ invoice.balanceDue }}. Payer en ligne : {{ payLink }}',
      ifPortal('Espace client : {{ portalLink }}'),
      'La facture actuelle est jointe. Si vous avez déjà payé, merci de ne pas tenir compte de ce message.',
      'Merci,\n{{ organization.name }}',
    ),
  },
  payment_received: {
    subject: 'Reçu {{ receipt.number }} de {{ organization.name }}',
    htmlContent: html(
      'Bonjour {{ customer.name }},',
      'merci pour votre paiement de {{ payment.amount }} le {{ payment.date }} ({{ payment.method }}) pour la ou les factures {{ payment.invoices }}.',
      'Votre reçu {{ receipt.number }} est joint.',
      ifPortal('Espace client : <a href="{{ portalLink }}">{{ portalLink }}</a>'),
      'Merci,<br>{{ organization.name }}',
    ),
    textContent: text(
      'Bonjour {{ customer.name }},',
      'merci pour votre paiement de {{ payment.amount }} le {{ payment.date }} ({{ payment.method }}) pour la ou les factures {{ payment.invoices }}.',
      'Votre reçu {{ receipt.number }} est joint.',
      ifPortal('Espace client : {{ portalLink }}'),
      'Merci,\n{{ organization.name }}',
    ),
  },
};

const BY_LANGUAGE: Record<string, Localized> = { de: DE, fr: FR };

/** The built-in template of a type in a language: German and French where written, else English. */
export function defaultTemplate(type: EmailTemplateType, language: string): EmailTemplateInput {
  return BY_LANGUAGE[language]?.[type] ?? EN_DEFAULTS[type];
}
