import type { EmailTemplateType } from '@billpoint/proto';

/** How the screen names each template type. */
export const TYPE_LABELS: Record<EmailTemplateType, string> = {
  invoice: 'Invoice',
  reminder: 'Payment reminder',
  payment_received: 'Payment received',
  welcome: 'Portal invitation',
  custom: 'Custom message',
};
