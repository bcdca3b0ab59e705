/**
 * The integrations service's contracts (the Integrations screen, api_keys/api_usage/webhooks/webhook_deliveries/
 * audit_logs, the forms, the key scopes): API keys and their usage, outgoing webhooks and their deliveries, the audit
 * log — and what the gateway's public API (/api/v1) needs of them: the key format, the verify RPC, the key events
 * its cache listens to, and the usage batch it publishes.
 */

export { IntegrationMessages, instant } from './integrations/common.ts';
export * from './integrations/api-key-format.ts';
export * from './integrations/api-keys.ts';
export * from './integrations/webhooks.ts';
export * from './integrations/audit.ts';
export * from './integrations/events.ts';
